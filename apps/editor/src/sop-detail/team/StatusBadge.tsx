import type { SopStatus } from '@sopwright/contracts';
import { Badge, VisuallyHidden } from '@sopwright/ui';
import { sopStatusLabels } from '@sopwright/web-client';
import { CircleCheck, CircleDashed, Hourglass } from 'lucide-react';

const looks = {
  draft: { palette: 'gray', icon: CircleDashed },
  in_review: { palette: 'orange', icon: Hourglass },
  approved: { palette: 'green', icon: CircleCheck },
} as const;

/** Draft, In review or Approved: a team SOP's status beside its title. */
export function StatusBadge({ status }: { status: SopStatus }) {
  const look = looks[status];
  return (
    <Badge colorPalette={look.palette} variant="subtle" rounded="full" px="2" gap="1" flexShrink={0} data-testid="status-badge">
      <look.icon size={12} aria-hidden="true" />
      <VisuallyHidden>Status: </VisuallyHidden>
      {sopStatusLabels[status]}
    </Badge>
  );
}
