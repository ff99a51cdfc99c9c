import { Button, Card, Code, HStack, List, Skeleton, Stack, Text, formatDate, formatDateTime, notify } from '@sopwright/ui';
import { errorMessage, useCreateConnectCodeMutation, useDisconnectExtensionMutation, useListExtensionConnectionsQuery } from '@sopwright/web-client';
import type { ConnectCode, ExtensionConnection } from '@sopwright/contracts';
import { useState } from 'react';

/**
 * Connects the Sopwright Capture browser extension: a one-time code typed into its popup gives
 * it a token of its own that can only create SOPs, listed here until disconnected.
 */
export function ExtensionCard() {
  const connections = useListExtensionConnectionsQuery();
  const [createCode, creating] = useCreateConnectCodeMutation();
  const [disconnect] = useDisconnectExtensionMutation();
  const [code, setCode] = useState<ConnectCode | null>(null);
  const [disconnecting, setDisconnecting] = useState<string | null>(null);

  const handleConnect = async () => {
    try {
      setCode(await createCode().unwrap());
    } catch (error) {
      notify.error('Could not create a code', errorMessage(error, 'Something went wrong'));
    }
  };

  const handleCopy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code.code);
      notify.success('Code copied');
    } catch {
      notify.error('Could not copy the code', 'Select it and copy it yourself.');
    }
  };

  const handleDisconnect = async (connection: ExtensionConnection) => {
    setDisconnecting(connection.id);
    try {
      await disconnect(connection.id).unwrap();
      notify.success('Extension disconnected', `${connection.name} can no longer create SOPs.`);
    } catch (error) {
      notify.error('Could not disconnect the extension', errorMessage(error, 'Something went wrong'));
    } finally {
      setDisconnecting(null);
    }
  };

  return (
    <Card.Root variant="outline" maxW="2xl" rounded="xl" bg="bg">
      <Card.Header>
        <Card.Title as="h2">Capture extension</Card.Title>
        <Card.Description>
          Record a process in your browser, click by click, and turn it into an SOP. Connect the Sopwright Capture extension with a one-time code: it gets
          access to creating SOPs only, never to your password or this session.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {code ? (
            <Stack gap="2" role="status" aria-live="polite">
              <Text>Enter this code in the extension&apos;s popup. It works once, until {formatDateTime(code.expiresAt)}.</Text>
              <HStack gap="3" wrap="wrap">
                <Code fontSize="2xl" px="3" py="1" letterSpacing="widest" aria-label={`Connect code ${code.code.split('').join(' ')}`}>
                  {code.code}
                </Code>
                <Button variant="outline" size="sm" onClick={handleCopy}>
                  Copy code
                </Button>
              </HStack>
            </Stack>
          ) : null}
          <HStack>
            <Button colorPalette="blue" onClick={handleConnect} loading={creating.isLoading} loadingText="Creating code...">
              {code ? 'Create a new code' : 'Connect an extension'}
            </Button>
          </HStack>
          {connections.isLoading ? (
            <Skeleton height="10" />
          ) : connections.data && connections.data.length > 0 ? (
            <Stack gap="2">
              <Text fontWeight="semibold" as="h3">
                Connected extensions
              </Text>
              <List.Root variant="plain" gap="2">
                {connections.data.map((connection) => (
                  <List.Item key={connection.id}>
                    <HStack justify="space-between" w="full" wrap="wrap" gap="2">
                      <Stack gap="0">
                        <Text fontWeight="medium">{connection.name}</Text>
                        <Text fontSize="sm" color="fg.muted">
                          Connected {formatDate(connection.createdAt)} · {connection.lastUsedAt ? `last used ${formatDate(connection.lastUsedAt)}` : 'not used yet'}
                        </Text>
                      </Stack>
                      <Button
                        variant="outline"
                        colorPalette="red"
                        size="sm"
                        aria-label={`Disconnect ${connection.name}, connected ${formatDate(connection.createdAt)}`}
                        loading={disconnecting === connection.id}
                        loadingText="Disconnecting..."
                        onClick={() => handleDisconnect(connection)}
                      >
                        Disconnect
                      </Button>
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          ) : (
            <Text color="fg.muted">No extension is connected.</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
