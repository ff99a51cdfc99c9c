import type { AcknowledgementStatus, Sop, SopReview, SopStatus, WorkspaceMember } from '@sopwright/contracts';
import { Alert, Button, Skeleton } from '@sopwright/ui';
import { errorMessage, useGetSopAcknowledgementsQuery, useGetSopReviewQuery, useListMembersQuery, useSession } from '@sopwright/web-client';
import { Suspense, lazy, useEffect } from 'react';
import { shownStatus, type SopPermissions } from './governance-rules';

/** The review, approval and acknowledgement parts: their own chunk, fetched only for team SOPs. */
const loadSections = () => import('./TeamSections');
const AcknowledgementCallout = lazy(() => loadSections().then((module) => ({ default: module.AcknowledgementCallout })));
const ReviewPanel = lazy(() => loadSections().then((module) => ({ default: module.ReviewPanel })));
const AcknowledgementsPanel = lazy(() => loadSections().then((module) => ({ default: module.AcknowledgementsPanel })));

export interface TeamSop {
  permissions: SopPermissions;
  userId: string | undefined;
  /** The status of the version on the page; undefined outside a team or while it loads. */
  status: SopStatus | undefined;
  review: ReturnType<typeof useGetSopReviewQuery>;
  acknowledgements: ReturnType<typeof useGetSopAcknowledgementsQuery>;
  members: WorkspaceMember[] | undefined;
}

/**
 * Where a team SOP stands for the signed-in member: its review, who must read it and who has,
 * and the workspace's members (to name approvers and people). Nothing is read for a personal SOP.
 */
export function useTeamSop(sop: Sop, permissions: SopPermissions): TeamSop {
  const { user } = useSession();
  const skip = !permissions.team;
  const review = useGetSopReviewQuery(sop.id, { skip });
  const acknowledgements = useGetSopAcknowledgementsQuery(sop.id, { skip });
  const members = useListMembersQuery(permissions.workspaceId ?? '', { skip: skip || !permissions.workspaceId });
  // The sections' code loads beside the data, not after it.
  useEffect(() => {
    if (!skip) void loadSections();
  }, [skip]);
  return {
    permissions,
    userId: user?.id,
    status: !skip && review.data ? shownStatus(review.data, sop.version) : undefined,
    review,
    acknowledgements,
    members: members.data,
  };
}

function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert.Root status="error" rounded="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Failed to load {what}</Alert.Title>
        <Alert.Description>{errorMessage(error, 'Something went wrong')}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

/** "Assigned to you" with the acknowledgement button, or when the member acknowledged. */
export function TeamCallout({ sop, team }: { sop: Sop; team: TeamSop }) {
  const status: AcknowledgementStatus | undefined = team.acknowledgements.data;
  if (!team.permissions.team || !status?.mine.assigned) return null;
  return (
    <Suspense fallback={null}>
      <AcknowledgementCallout sopId={sop.id} status={status} shownVersion={sop.version} />
    </Suspense>
  );
}

/** The Review section. */
export function TeamReview({ sop, team }: { sop: Sop; team: TeamSop }) {
  if (!team.permissions.team) return null;
  const { review } = team;
  if (review.isError) return <LoadFailed what="the review" error={review.error} onRetry={() => review.refetch()} />;
  const data: SopReview | undefined = review.data;
  const placeholder = <Skeleton height="24" rounded="xl" aria-busy="true" aria-label="Loading the review" />;
  if (!data) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReviewPanel sopId={sop.id} review={data} shownVersion={sop.version} permissions={team.permissions} members={team.members} userId={team.userId} />
    </Suspense>
  );
}

/** Who must read it and who has: for editors and up. */
export function TeamAcknowledgements({ sop, team }: { sop: Sop; team: TeamSop }) {
  if (!team.permissions.team || !team.permissions.canEdit) return null;
  const { acknowledgements } = team;
  return (
    <Suspense fallback={<Skeleton height="24" rounded="xl" aria-busy="true" aria-label="Loading acknowledgements" />}>
      <AcknowledgementsPanel
        sopId={sop.id}
        status={acknowledgements.data}
        isError={acknowledgements.isError}
        error={acknowledgements.error}
        onRetry={() => acknowledgements.refetch()}
        userId={team.userId}
      />
    </Suspense>
  );
}
