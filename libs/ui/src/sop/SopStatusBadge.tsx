import { Badge, VisuallyHidden } from '@chakra-ui/react';
import { sopStatusLabels, type SopStatus } from '@sopwright/contracts/constants';
import { AlarmClock, CircleCheck, CircleDashed, Hourglass } from 'lucide-react';

const looks = {
  draft: { palette: 'gray', icon: CircleDashed },
  in_review: { palette: 'orange', icon: Hourglass },
  approved: { palette: 'green', icon: CircleCheck },
} as const;

/** Draft, In review or Approved: a team SOP's status beside its title. */
export function SopStatusBadge({ status }: { status: SopStatus }) {
  const look = looks[status];
  return (
    <Badge colorPalette={look.palette} variant="subtle" rounded="full" px="2" gap="1" flexShrink={0} data-testid="status-badge">
      <look.icon size={12} aria-hidden="true" />
      <VisuallyHidden>Status: </VisuallyHidden>
      {sopStatusLabels[status]}
    </Badge>
  );
}

/** An approved SOP past its review date ("review every N months"). */
export function ReviewOverdueBadge() {
  return (
    <Badge colorPalette="red" variant="subtle" rounded="full" px="2" gap="1" flexShrink={0} data-testid="review-overdue-badge">
      <AlarmClock size={12} aria-hidden="true" />
      Review overdue
    </Badge>
  );
}

/** Past its next review date (approval plus the interval), at `now`. */
export function isReviewOverdue(nextReviewAt: string | null | undefined, now = Date.now()): boolean {
  return !!nextReviewAt && Date.parse(nextReviewAt) <= now;
}
