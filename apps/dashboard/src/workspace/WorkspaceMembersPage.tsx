import { Button, EmptyState, Skeleton, Stack, VStack, PageFrame, LoadErrorAlert } from '@sopwright/ui';
import { can, errorMessage, roleWithArticle, openCreateWorkspaceDialog, useCurrentWorkspace, workspaceMessages } from '@sopwright/web-client';
import { Plus, UsersRound } from 'lucide-react';
import { InvitationsCard } from './InvitationsCard';
import { InviteCard } from './InviteCard';
import { MembersCard } from './MembersCard';
import { WorkspaceBrandingCard } from './WorkspaceBrandingCard';
import { WorkspaceSettingsCard } from './WorkspaceSettingsCard';

const TITLE = 'Workspace members';

/**
 * /workspace/members: the current team workspace's members and roles, and for admins and owners
 * invitations. A personal workspace has no one else in it: the page says so and offers a team.
 */
export default function WorkspaceMembersPage() {
  const { workspace, isLoading, isError, error, refetch } = useCurrentWorkspace();

  if (isLoading || (!workspace && !isError)) {
    return (
      <PageFrame title={TITLE}>
        <Stack gap="4" aria-busy="true" aria-label="Loading the workspace">
          <Skeleton height="32" rounded="xl" />
          <Skeleton height="48" rounded="xl" />
        </Stack>
      </PageFrame>
    );
  }
  if (!workspace) {
    return (
      <PageFrame title={TITLE}>
        <LoadErrorAlert title="Failed to load your workspaces" message={errorMessage(error, 'Something went wrong')} onRetry={() => refetch()} />
      </PageFrame>
    );
  }
  if (workspace.personal) {
    return (
      <PageFrame title={TITLE} description="You are in your personal workspace.">
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <UsersRound />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h2">Only you are here</EmptyState.Title>
              <EmptyState.Description maxW="md">{workspaceMessages.personalIsPrivate}</EmptyState.Description>
            </VStack>
            <Button colorPalette="brand" onClick={() => openCreateWorkspaceDialog()}>
              <Plus aria-hidden="true" /> Create workspace
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </PageFrame>
    );
  }
  const manages = can(workspace.role, 'members.manage');
  return (
    <PageFrame title={TITLE} description={`Who is in ${workspace.name}, and what each person may do. You are ${roleWithArticle(workspace.role)} here.`}>
      <Stack gap="6">
        <MembersCard key={`members-${workspace.id}`} workspace={workspace} />
        {manages && <InviteCard key={`invite-${workspace.id}`} workspace={workspace} />}
        {manages && <InvitationsCard key={`invitations-${workspace.id}`} workspace={workspace} />}
        <WorkspaceBrandingCard key={`branding-${workspace.id}`} workspace={workspace} />
        {can(workspace.role, 'workspace.manage') && <WorkspaceSettingsCard key={`settings-${workspace.id}`} workspace={workspace} />}
      </Stack>
    </PageFrame>
  );
}
