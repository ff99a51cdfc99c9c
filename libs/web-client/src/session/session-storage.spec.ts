import { MemoryStorage } from '../testing/memory-storage';
import {
  clearSession,
  getToken,
  getUser,
  isLoggedIn,
  parseStoredUser,
  saveSession,
  subscribeToSession,
} from './session-storage';

const user = { id: '6f1c2b0e-7d2a-4f7e-9a51-1c2d3e4f5a6b', email: 'ada@example.com' };

describe('session storage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('stores the token and user under the keys token and user', () => {
    saveSession({ token: 'jwt-1', user }, storage);
    expect(storage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(storage.getItem('user') ?? '')).toEqual(user);
    expect(getUser(storage)).toEqual(user);
  });

  it('counts as logged in when a token and a readable user are stored', () => {
    expect(isLoggedIn(storage)).toBe(false);
    storage.setItem('token', 'jwt-1');
    expect(isLoggedIn(storage)).toBe(false);
    storage.setItem('user', JSON.stringify(user));
    expect(isLoggedIn(storage)).toBe(true);
  });

  it('reads an unparsable stored user as no user, and so as logged out', () => {
    storage.setItem('token', 'jwt-1');
    storage.setItem('user', '{not json');
    expect(getUser(storage)).toBeNull();
    expect(isLoggedIn(storage)).toBe(false);
  });

  it('reads a stored user of the wrong shape as no user', () => {
    expect(parseStoredUser('"ada@example.com"')).toBeNull();
    expect(parseStoredUser('null')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ id: 7, email: 'a@b.co' }))).toBeNull();
  });

  it('logout removes both keys and leaves other keys alone', () => {
    saveSession({ token: 'jwt-1', user }, storage);
    storage.setItem('theme', 'dark');
    clearSession(storage);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
    expect(getToken(storage)).toBeNull();
    expect(storage.getItem('theme')).toBe('dark');
  });

  it('tells subscribers about login and logout until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToSession(listener);
    saveSession({ token: 'jwt-1', user }, storage);
    clearSession(storage);
    unsubscribe();
    saveSession({ token: 'jwt-2', user }, storage);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
