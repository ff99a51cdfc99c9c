import { Alert } from '@sopwright/ui';

/** SOPs the embedded structurer wrote (no AI provider configured) are drafts to review. */
export function OfflineDraftNotice() {
  return (
    <Alert.Root status="info" variant="subtle" rounded="lg" data-testid="offline-draft">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Drafted offline</Alert.Title>
        <Alert.Description>Sopwright's built-in structurer wrote these steps without an AI model. Review and edit them before you share this SOP.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
