import { Alert } from '@sopwright/ui';

/** Without a Stripe key the app sells to itself: say so plainly wherever money seems to move. */
export function TestModeNotice() {
  return (
    <Alert.Root status="warning" variant="surface">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Payments are in test mode — no payment is taken</Alert.Title>
        <Alert.Description>This Sopwright has no payment provider configured, so purchases here are simulated and free.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
