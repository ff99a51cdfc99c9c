import { Alert, Button } from '@chakra-ui/react';

/** What a page or card shows when its data did not load: what failed, why, and Try again. */
export function LoadErrorAlert({ title, message, onRetry }: { title: string; message?: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" rounded="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message !== undefined && <Alert.Description>{message}</Alert.Description>}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}
