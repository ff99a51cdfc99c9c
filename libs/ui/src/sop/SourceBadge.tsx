import { Badge } from '@chakra-ui/react';
import { FileText, MousePointerClick, Video } from 'lucide-react';
import { sourceLabel } from './format';

const looks = {
  Video: { palette: 'purple', icon: Video },
  Text: { palette: 'blue', icon: FileText },
  Capture: { palette: 'teal', icon: MousePointerClick },
} as const;

/** The Video or Text badge of an SOP (spec §3), or Capture for one the browser extension recorded. */
export function SourceBadge({ sourceType, origin }: { sourceType: string; origin?: string }) {
  const label = origin === 'capture' ? 'Capture' : sourceLabel(sourceType);
  const look = looks[label];
  return (
    <Badge colorPalette={look.palette} variant="subtle" rounded="full" px="2" gap="1" flexShrink={0} data-testid="source-badge">
      <look.icon size={12} aria-hidden="true" />
      {label}
    </Badge>
  );
}
