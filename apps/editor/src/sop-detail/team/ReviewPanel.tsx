import type { SopReview, WorkspaceMember } from '@sopwright/contracts';
import { Button, Card, Field, HStack, Heading, NativeSelect, Stack, Text, formatDateTime, notify } from '@sopwright/ui';
import { errorMessage, useApproveSopMutation, useSubmitSopForReviewMutation } from '@sopwright/web-client';
import { CircleCheck, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { approverCandidates, canApprove, canSubmit, personName, type SopPermissions } from './governance-rules';
import { ReviewSchedule } from './ReviewSchedule';

interface ReviewPanelProps {
  sopId: string;
  review: SopReview;
  /** The version on this page (a viewer's is the approved one). */
  shownVersion: number;
  permissions: SopPermissions;
  members: WorkspaceMember[] | undefined;
  userId: string | undefined;
}

/**
 * The "Review" section of a team SOP: where it stands, who approved which version and when,
 * "Submit for review" naming an approver (editors and up, for a draft), "Approve" (the named
 * approver or an owner, while in review), and the review schedule.
 */
export function ReviewPanel({ sopId, review, shownVersion, permissions, members, userId }: ReviewPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [approve, approving] = useApproveSopMutation();
  const name = (id: string | null) => personName(id, members, userId);

  const handleApprove = async () => {
    try {
      const approved = await approve(sopId).unwrap();
      // The button is gone: focus goes to the section's heading, which now says who approved.
      headingRef.current?.focus();
      notify.success('SOP approved', `Version ${approved.approvedVersion ?? review.currentVersion} is the one viewers and share links show.`);
    } catch (error) {
      notify.error('Could not approve', errorMessage(error, 'Something went wrong'));
    }
  };

  const drafting = review.approvedVersion !== null && review.approvedVersion < review.currentVersion;
  return (
    <Card.Root as="section" variant="outline" rounded="xl" bg="bg" aria-labelledby={headingId} data-testid="review-panel">
      <Card.Body gap="4">
        <Heading as="h2" size="md" id={headingId} ref={headingRef} tabIndex={-1}>
          Review
        </Heading>
        <Stack gap="1" fontSize="sm" data-testid="review-status">
          {review.status === 'in_review' && (
            <Text>{review.approverId === userId ? 'Waiting for your approval.' : `In review: waiting for approval by ${name(review.approverId)}.`}</Text>
          )}
          {review.status === 'draft' && review.approvedVersion === null && <Text>Draft: not approved yet.</Text>}
          {review.approvedVersion !== null && review.approvedAt && (
            <Text>
              Version {review.approvedVersion} approved by {name(review.approvedBy)} on {formatDateTime(review.approvedAt)}.
            </Text>
          )}
          {drafting && permissions.canEdit && (
            <Text color="fg.muted">
              {review.status === 'in_review' ? 'Version' : 'Draft version'} {review.currentVersion} is not approved yet: viewers and share links show version {review.approvedVersion}
              {shownVersion === review.currentVersion ? '' : ', the one on this page'}.
            </Text>
          )}
        </Stack>

        {canApprove(review, permissions.role, userId) && (
          <HStack>
            <Button colorPalette="brand" onClick={handleApprove} loading={approving.isLoading} loadingText="Approving...">
              <CircleCheck aria-hidden="true" /> Approve
            </Button>
          </HStack>
        )}
        {canSubmit(review, permissions) && <SubmitForReview sopId={sopId} members={members} userId={userId} afterSubmit={() => headingRef.current?.focus()} />}

        <ReviewSchedule sopId={sopId} review={review} canEdit={permissions.canEdit} />
      </Card.Body>
    </Card.Root>
  );
}

function SubmitForReview({ sopId, members, userId, afterSubmit }: { sopId: string; members: WorkspaceMember[] | undefined; userId: string | undefined; afterSubmit: () => void }) {
  const [approverId, setApproverId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [submit, { isLoading }] = useSubmitSopForReviewMutation();
  const selectRef = useRef<HTMLSelectElement>(null);
  const candidates = approverCandidates(members ?? []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!approverId) {
      setProblem('Choose an approver');
      selectRef.current?.focus();
      return;
    }
    try {
      await submit({ sopId, approverId }).unwrap();
      afterSubmit();
      notify.success('Submitted for review', `${approverId === userId ? 'You are' : `${personName(approverId, members, userId)} is`} asked to approve it.`);
    } catch (error) {
      notify.error('Could not submit for review', errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Submit for review">
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
        <Field.Root required invalid={problem !== null} maxW={{ md: 'sm' }}>
          <Field.Label>
            Approver <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root disabled={!members}>
            <NativeSelect.Field
              ref={selectRef}
              name="approver"
              value={approverId}
              onChange={(event) => {
                setApproverId(event.target.value);
                setProblem(null);
              }}
            >
              <option value="">Choose an admin or owner</option>
              {candidates.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.userId === userId ? `${member.email} (you)` : member.email}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" variant="outline" colorPalette="brand" loading={isLoading} loadingText="Submitting..." flexShrink={0}>
          <Send aria-hidden="true" /> Submit for review
        </Button>
      </Stack>
    </form>
  );
}
