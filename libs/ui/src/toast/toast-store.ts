import { createToaster } from '@chakra-ui/react';

/** Spec §9: auto-dismiss after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/**
 * The app's one toast store (a federation singleton through @sopwright/ui).
 * Spec §4/§9: at most one toast at a time, F8 focuses the notification region.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});
