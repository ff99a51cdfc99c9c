import { notify } from '@sopwright/ui';
import { useState } from 'react';

interface Failure {
  title: string;
  description?: string;
}

/** Spec §8. */
export const checkoutFailure: Failure = { title: 'Failed to start checkout', description: 'Please try again' };
export const portalFailure: Failure = { title: 'Failed to open portal' };

/**
 * One checkout in flight at a time (spec §4): the clicked choice reads 'Loading...' and every
 * choice is disabled; on failure a toast says so and the choices come back. On success the
 * browser leaves for the payment page, so nothing is re-enabled.
 */
export function useCheckoutRedirect<Choice extends string>() {
  const [pending, setPending] = useState<Choice | null>(null);

  const start = async (choice: Choice, request: () => Promise<{ url: string }>, failure: Failure = checkoutFailure) => {
    if (pending) return;
    setPending(choice);
    try {
      const { url } = await request();
      window.location.assign(url);
    } catch {
      notify.error(failure.title, failure.description);
      setPending(null);
    }
  };

  return { pending, busy: pending !== null, start };
}
