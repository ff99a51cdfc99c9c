import { Badge, Button, Card, HStack, List, Skeleton, Stack, Text, formatDate, notify, LoadErrorAlert } from '@sopwright/ui';
import { errorMessage, useListInvitationsQuery, useRevokeInvitationMutation, workspaceRoleLabels } from '@sopwright/web-client';
import type { Invitation, Workspace } from '@sopwright/contracts';
import { useRef, useState } from 'react';

/** Invitations not yet accepted, revoked or expired; Revoke makes a link stop working at once. */
export function InvitationsCard({ workspace }: { workspace: Workspace }) {
  const invitations = useListInvitationsQuery(workspace.id);
  const [revoke] = useRevokeInvitationMutation();
  const [revoking, setRevoking] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const handleRevoke = async (invitation: Invitation) => {
    setRevoking(invitation.id);
    try {
      await revoke({ workspaceId: workspace.id, invitationId: invitation.id }).unwrap();
      // Its row (and the button that had focus) is gone: focus goes to the list's heading.
      titleRef.current?.focus();
      notify.success('Invitation revoked', `The link for ${invitation.email} no longer works.`);
    } catch (error) {
      notify.error('Could not revoke the invitation', errorMessage(error, 'Something went wrong'));
    } finally {
      setRevoking(null);
    }
  };

  let body;
  if (invitations.isLoading) {
    body = <Skeleton height="10" aria-busy="true" aria-label="Loading invitations" />;
  } else if (invitations.isError) {
    body = (
      <LoadErrorAlert title="Failed to load the invitations" message={errorMessage(invitations.error, 'Something went wrong')} onRetry={() => invitations.refetch()} />
    );
  } else if (!invitations.data || invitations.data.length === 0) {
    body = <Text color="fg.muted">No invitations are waiting to be accepted.</Text>;
  } else {
    body = (
      <List.Root variant="plain" gap="0" aria-label="Pending invitations">
        {invitations.data.map((invitation) => (
          <List.Item key={invitation.id} py="3" borderTopWidth="1px" _first={{ borderTopWidth: 0, pt: 0 }} data-testid="invitation-row">
            <HStack justify="space-between" w="full" gap="3" wrap="wrap">
              <Stack gap="0" minW="0" flex="1">
                <HStack gap="2" minW="0">
                  <Text fontWeight="medium" truncate title={invitation.email}>
                    {invitation.email}
                  </Text>
                  <Badge variant="subtle" size="sm">
                    {workspaceRoleLabels[invitation.role]}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Invited by {invitation.invitedBy || 'a former member'} on {formatDate(invitation.createdAt)} · valid until {formatDate(invitation.expiresAt)}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                aria-label={`Revoke the invitation for ${invitation.email}`}
                loading={revoking === invitation.id}
                loadingText="Revoking..."
                onClick={() => handleRevoke(invitation)}
              >
                Revoke
              </Button>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    );
  }

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg">
      <Card.Header>
        <Card.Title as="h2" ref={titleRef} tabIndex={-1}>
          Pending invitations
        </Card.Title>
        <Card.Description>Links sent but not used yet. Revoking one stops it working at once.</Card.Description>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
