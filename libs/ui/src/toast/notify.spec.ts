import { notify } from './notify';
import { TOAST_DURATION_MS, toaster } from './toast-store';

describe('notify', () => {
  afterEach(() => toaster.remove());

  it('shows a success toast for the default variant', () => {
    notify.success('Welcome back!');
    const [toast] = toaster.getVisibleToasts();
    expect(toast).toMatchObject({ title: 'Welcome back!', type: 'success' });
  });

  it('shows an error toast with a description for the destructive variant', () => {
    notify.error('Login failed', 'Invalid credentials');
    const [toast] = toaster.getVisibleToasts();
    expect(toast).toMatchObject({ title: 'Login failed', description: 'Invalid credentials', type: 'error' });
  });

  it('keeps at most one toast on screen: a new one dismisses the visible one and follows it', () => {
    const first = notify.success('Account created!');
    notify.error('Registration failed', 'Email may already be in use');
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    expect(toaster.getVisibleToasts()[0]).toMatchObject({ id: first, message: 'DISMISS' });

    toaster.remove(first); // what the toast's exit animation does in the browser
    expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual(['Registration failed']);
  });

  it('auto-dismisses after 5000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(toaster.attrs.duration).toBe(5000);
  });
});
