import type { ActivityEntry, Workspace } from '@sopwright/contracts';
import { Box, EmptyState, Link, List, LoadErrorAlert, PageFrame, Skeleton, Stack, Text, VStack, formatDateTime } from '@sopwright/ui';
import { can, errorMessage, permissionMessages, useCurrentWorkspace, useGetWorkspaceActivityQuery, useListMembersQuery, Link as RouterLink } from '@sopwright/web-client';
import { History, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { activitySubject, activityWords } from './activity-sentence';

const TITLE = 'Workspace activity';

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="3" aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height="12" rounded="lg" />
      ))}
    </Stack>
  );
}

function Notice({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description maxW="md">{text}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** One entry as a sentence: who, what, which SOP (a link while it exists), and when. */
function ActivityItem({ entry, emailOf }: { entry: ActivityEntry; emailOf: (userId: string) => string | null }) {
  const words = activityWords(entry, emailOf);
  const subject = activitySubject(entry);
  return (
    <List.Item py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} display="flex" gap="4" flexDirection={{ base: 'column', sm: 'row' }} justifyContent="space-between">
      <Text>
        <Text as="span" fontWeight="semibold">
          {entry.actorEmail ?? 'A former member'}
        </Text>{' '}
        {words.before}
        {subject && (
          <>
            {' '}
            {entry.sopTitle && entry.sopId ? (
              <Link asChild colorPalette="brand" fontWeight="medium">
                <RouterLink to={`/sop/${entry.sopId}`}>“{subject}”</RouterLink>
              </Link>
            ) : (
              <Text as="span">“{subject}”</Text>
            )}
          </>
        )}
        {words.after && ` ${words.after}`}
      </Text>
      <Text asChild color="fg.muted" fontSize="sm" flexShrink={0}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Text>
    </List.Item>
  );
}

function ActivityLog({ workspace }: { workspace: Workspace }) {
  const activity = useGetWorkspaceActivityQuery(workspace.id);
  const members = useListMembersQuery(workspace.id);
  const emails = new Map((members.data ?? []).map((member) => [member.userId, member.email]));
  const emailOf = (userId: string) => emails.get(userId) ?? null;

  if (activity.isLoading) return <Loading label="Loading the activity" />;
  if (activity.isError || !activity.data) return <LoadErrorAlert title="Failed to load the activity" message={errorMessage(activity.error, 'Something went wrong')} onRetry={() => activity.refetch()} />;
  if (activity.data.length === 0) return <Notice icon={<History />} title="No activity yet" text="Creating, editing, approving, sharing and exporting SOPs in this workspace will show here." />;
  return (
    <Box borderWidth="1px" rounded="xl" bg="bg" px="5">
      <List.Root variant="plain" aria-label={`Activity in ${workspace.name}, newest first`}>
        {activity.data.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} emailOf={emailOf} />
        ))}
      </List.Root>
    </Box>
  );
}

/**
 * /workspace/activity: who created, edited, approved, shared, exported or deleted what in the
 * current team workspace, newest first (the latest 200). For admins and owners.
 */
export default function WorkspaceActivityPage() {
  const { workspace, isLoading, isError, error, refetch } = useCurrentWorkspace();

  let body;
  if (isLoading || (!workspace && !isError)) body = <Loading label="Loading the workspace" />;
  else if (!workspace) body = <LoadErrorAlert title="Failed to load your workspaces" message={errorMessage(error, 'Something went wrong')} onRetry={() => refetch()} />;
  else if (workspace.personal) body = <Notice icon={<History />} title="Only you are here" text="The activity log is kept for team workspaces. Switch to a team workspace to see who did what." />;
  else if (!can(workspace.role, 'members.manage')) body = <Notice icon={<ShieldAlert />} title="Admins and owners only" text={permissionMessages['members.manage']} />;
  else body = <ActivityLog key={workspace.id} workspace={workspace} />;

  return (
    <PageFrame title={TITLE} description={workspace && !workspace.personal ? `Who did what in ${workspace.name}, newest first.` : undefined}>
      {body}
    </PageFrame>
  );
}
