import type { SopReview } from '@sopwright/contracts';
import { Badge, Button, Field, HStack, Input, Stack, Text, formatDate, notify } from '@sopwright/ui';
import { REVIEW_INTERVAL_MAX_MONTHS, REVIEW_INTERVAL_MIN_MONTHS, errorMessage, useSetSopReviewIntervalMutation } from '@sopwright/web-client';
import { CalendarClock } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { isOverdue, parseReviewInterval } from './governance-rules';

const monthsLabel = (months: number) => (months === 1 ? 'month' : `${months} months`);

/** The next review date, highlighted once it has passed; what is set, for those who cannot change it. */
function NextReview({ review }: { review: SopReview }) {
  if (review.reviewIntervalMonths === null) return null;
  if (!review.nextReviewAt) {
    return <Text color="fg.muted">Reviewed every {monthsLabel(review.reviewIntervalMonths)}: the next review date is set when it is approved.</Text>;
  }
  const overdue = isOverdue(review.nextReviewAt);
  return (
    <HStack gap="2" wrap="wrap" data-testid="next-review">
      <CalendarClock size={16} aria-hidden="true" />
      {overdue ? (
        <>
          <Badge colorPalette="red" variant="solid" rounded="full">
            Overdue
          </Badge>
          <Text color="fg.error" fontWeight="semibold">
            Review was due on {formatDate(review.nextReviewAt)}
          </Text>
        </>
      ) : (
        <Text>Next review on {formatDate(review.nextReviewAt)}</Text>
      )}
      <Text color="fg.muted">(every {monthsLabel(review.reviewIntervalMonths)})</Text>
    </HStack>
  );
}

/** "Review every N months" (editors and up change it) and the next review date. */
export function ReviewSchedule({ sopId, review, canEdit }: { sopId: string; review: SopReview; canEdit: boolean }) {
  const saved = review.reviewIntervalMonths === null ? '' : String(review.reviewIntervalMonths);
  const [text, setText] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = useSetSopReviewIntervalMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseReviewInterval(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      inputRef.current?.focus();
      return;
    }
    try {
      const result = await save({ sopId, months: parsed.months }).unwrap();
      setText(result.reviewIntervalMonths === null ? '' : String(result.reviewIntervalMonths));
      // Save is disabled again once nothing is left to save: focus stays in the field.
      inputRef.current?.focus();
      notify.success('Review schedule saved', result.reviewIntervalMonths === null ? 'No review is scheduled.' : `It is to be reviewed every ${monthsLabel(result.reviewIntervalMonths)} after approval.`);
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong');
      setProblem(message);
      notify.error('Could not save the review schedule', message);
    }
  };

  if (!canEdit) {
    return (
      <Stack gap="1" fontSize="sm">
        <NextReview review={review} />
      </Stack>
    );
  }

  return (
    <Stack gap="3" fontSize="sm" borderTopWidth="1px" pt="4">
      <form onSubmit={handleSubmit} noValidate aria-label="Review schedule">
        <Field.Root invalid={problem !== null}>
          <Field.Label>Review every (months)</Field.Label>
          <Stack gap="3" direction={{ base: 'column', sm: 'row' }} w="full">
            <Input
              ref={inputRef}
              name="reviewIntervalMonths"
              type="number"
              inputMode="numeric"
              min={REVIEW_INTERVAL_MIN_MONTHS}
              max={REVIEW_INTERVAL_MAX_MONTHS}
              step={1}
              placeholder="No schedule"
              maxW={{ sm: '40' }}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
            />
            <Button type="submit" variant="outline" loading={isLoading} loadingText="Saving..." disabled={text.trim() === saved} flexShrink={0}>
              Save schedule
            </Button>
          </Stack>
          {problem ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {REVIEW_INTERVAL_MIN_MONTHS} to {REVIEW_INTERVAL_MAX_MONTHS} months after each approval; leave it empty for no scheduled review.
            </Field.HelperText>
          )}
        </Field.Root>
      </form>
      <NextReview review={review} />
    </Stack>
  );
}
