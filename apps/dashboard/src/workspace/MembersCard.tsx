import { Badge, Button, Card, ConfirmDialog, HStack, List, NativeSelect, Skeleton, Stack, Text, formatDate, notify, LoadErrorAlert } from '@sopwright/ui';
import {
  errorMessage,
  roleWithArticle,
  useChangeMemberRoleMutation,
  useListMembersQuery,
  useNavigate,
  useRemoveMemberMutation,
  useSession,
  useSwitchWorkspace,
  workspaceRoleLabels,
} from '@sopwright/web-client';
import type { Workspace, WorkspaceMember, WorkspaceRole } from '@sopwright/contracts';
import { LogOut, UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { memberActions } from './member-rules';

type Pending = { kind: 'remove'; member: WorkspaceMember } | { kind: 'leave'; member: WorkspaceMember };

/** Everyone in the workspace with their role; role changes, removing and leaving where the server allows them. */
export function MembersCard({ workspace }: { workspace: Workspace }) {
  const { user } = useSession();
  const members = useListMembersQuery(workspace.id);
  const [changeRole] = useChangeMemberRoleMutation();
  const [removeMember, removing] = useRemoveMemberMutation();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [changing, setChanging] = useState<string | null>(null);
  // What the confirmation is about; kept while the dialog closes so its text does not change.
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // After a removal the button that opened the dialog is gone: focus goes to the list's heading.
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const ask = (next: Pending) => {
    focusAfterClose.current = null;
    setPending(next);
    setConfirming(true);
  };

  const list = members.data ?? [];
  const ownerCount = list.filter((member) => member.role === 'owner').length;
  const actorId = user?.id ?? '';

  const handleRole = async (member: WorkspaceMember, role: WorkspaceRole) => {
    if (role === member.role) return;
    setChanging(member.userId);
    try {
      await changeRole({ workspaceId: workspace.id, userId: member.userId, role }).unwrap();
      const who = member.userId === actorId ? 'You are' : `${member.email} is`;
      notify.success('Role changed', `${who} now ${roleWithArticle(role)} in ${workspace.name}.`);
    } catch (error) {
      notify.error('Could not change the role', errorMessage(error, 'Something went wrong'));
    } finally {
      setChanging(null);
    }
  };

  const handleConfirm = async () => {
    if (!pending) return;
    const { member, kind } = pending;
    try {
      await removeMember({ workspaceId: workspace.id, userId: member.userId }).unwrap();
    } catch (error) {
      setConfirming(false);
      notify.error(kind === 'leave' ? 'Could not leave the workspace' : 'Could not remove the member', errorMessage(error, 'Something went wrong'));
      return;
    }
    if (kind === 'leave') {
      setConfirming(false);
      // Out of the workspace left, to the personal one (the dashboard's heading takes focus).
      navigate('/dashboard');
      switchWorkspace(null);
      notify.success(`You left ${workspace.name}`, 'You are back in your personal workspace.');
      return;
    }
    focusAfterClose.current = titleRef.current;
    setConfirming(false);
    notify.success('Member removed', `${member.email} is no longer in ${workspace.name}.`);
  };

  let body;
  if (members.isLoading) {
    body = (
      <Stack gap="3" aria-busy="true" aria-label="Loading members">
        <Skeleton height="10" />
        <Skeleton height="10" />
      </Stack>
    );
  } else if (members.isError) {
    body = (
      <LoadErrorAlert title="Failed to load the members" message={errorMessage(members.error, 'Something went wrong')} onRetry={() => members.refetch()} />
    );
  } else {
    body = (
      <List.Root variant="plain" gap="0" aria-label={`Members of ${workspace.name}`}>
        {list.map((member) => {
          const self = member.userId === actorId;
          const actions = memberActions(actorId, workspace.role, member, ownerCount);
          const roleLabel = workspaceRoleLabels[member.role];
          return (
            <List.Item key={member.userId} py="3" borderTopWidth="1px" _first={{ borderTopWidth: 0, pt: 0 }} data-testid="member-row">
              <Stack gap="2" w="full">
                <HStack justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" wrap="wrap">
                  <Stack gap="0" minW="0" flex="1">
                    <Text fontWeight="medium" truncate title={member.email}>
                      {member.email}
                      {self && (
                        <Text as="span" color="fg.muted" fontWeight="normal">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      Joined {formatDate(member.joinedAt)}
                    </Text>
                  </Stack>
                  <HStack gap="2" wrap="wrap">
                    {actions.roles.length > 0 ? (
                      <NativeSelect.Root size="sm" width="36" disabled={changing === member.userId}>
                        <NativeSelect.Field
                          aria-label={`Role of ${member.email}`}
                          value={member.role}
                          onChange={(event) => handleRole(member, event.target.value as WorkspaceRole)}
                        >
                          {actions.roles.map((role) => (
                            <option key={role} value={role}>
                              {workspaceRoleLabels[role]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    ) : (
                      <Badge variant="subtle" colorPalette={member.role === 'owner' ? 'brand' : 'gray'} size="md">
                        {roleLabel}
                      </Badge>
                    )}
                    {actions.canRemove && (
                      <Button size="sm" variant="outline" colorPalette="red" aria-label={`Remove ${member.email}`} onClick={() => ask({ kind: 'remove', member })}>
                        <UserMinus aria-hidden="true" /> Remove
                      </Button>
                    )}
                    {actions.canLeave && (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => ask({ kind: 'leave', member })}>
                        <LogOut aria-hidden="true" /> Leave workspace
                      </Button>
                    )}
                  </HStack>
                </HStack>
                {actions.note && (
                  <Text fontSize="sm" color="fg.muted">
                    {actions.note}
                  </Text>
                )}
              </Stack>
            </List.Item>
          );
        })}
      </List.Root>
    );
  }

  return (
    <Card.Root variant="outline" rounded="xl" bg="bg">
      <Card.Header>
        <Card.Title as="h2" ref={titleRef} tabIndex={-1}>
          Members
        </Card.Title>
        <Card.Description>
          {list.length > 0 ? `${list.length} ${list.length === 1 ? 'person' : 'people'} in ${workspace.name}. ` : ''}
          Viewers read and export SOPs; editors also create and edit them; admins also manage members; owners also make other owners.
        </Card.Description>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      <ConfirmDialog
        open={confirming}
        title={pending?.kind === 'leave' ? `Leave ${workspace.name}?` : `Remove ${pending?.member.email ?? ''}?`}
        description={
          pending?.kind === 'leave'
            ? `You will no longer see ${workspace.name}'s SOPs. To come back, an admin must invite you again.`
            : `They will no longer see ${workspace.name}'s SOPs. You can invite them again later.`
        }
        confirmLabel={pending?.kind === 'leave' ? 'Leave workspace' : 'Remove'}
        busyLabel={pending?.kind === 'leave' ? 'Leaving...' : 'Removing...'}
        busy={removing.isLoading}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
        finalFocusEl={() => focusAfterClose.current}
      />
    </Card.Root>
  );
}
