import { usageCardState } from './usage-card-model';

describe('usageCardState', () => {
  it('shows Pro as unlimited with no button', () => {
    const state = usageCardState({ planType: 'pro', credits: 3 });
    expect(state).toMatchObject({ plan: 'Pro Plan', status: 'Unlimited' });
    expect(state.action).toBeUndefined();
  });

  it('shows a Starter Pack with no credits and offers more credits', () => {
    expect(usageCardState({ planType: 'starter', credits: 0 })).toMatchObject({
      plan: 'Starter Pack',
      status: 'No credits remaining',
      action: 'Buy More Credits',
    });
  });

  it('shows the credits left on a Starter Pack and offers Pro', () => {
    expect(usageCardState({ planType: 'starter', credits: 4 })).toMatchObject({
      plan: 'Starter Pack',
      status: '4 credits remaining',
      action: 'Upgrade to Pro',
    });
    expect(usageCardState({ planType: 'starter', credits: 1 }).status).toBe('1 credit remaining');
  });

  it('shows the free plan as limited with an upgrade button', () => {
    expect(usageCardState({ planType: 'free', credits: 0 })).toEqual({
      plan: 'Free Plan',
      status: 'Limited',
      note: 'Upgrade to create SOPs',
      action: 'Upgrade Now',
      tone: 'free',
    });
  });
});
