import { Badge } from '@chakra-ui/react';
import { FileText, Video } from 'lucide-react';
import { sourceLabel } from './format';

/** The Video or Text badge of an SOP. */
export function SourceBadge({ sourceType }: { sourceType: string }) {
  const label = sourceLabel(sourceType);
  return (
    <Badge
      colorPalette={label === 'Video' ? 'purple' : 'blue'}
      variant="subtle"
      rounded="full"
      px="2"
      gap="1"
      flexShrink={0}
      data-testid="source-badge"
    >
      {label === 'Video' ? <Video size={12} aria-hidden="true" /> : <FileText size={12} aria-hidden="true" />}
      {label}
    </Badge>
  );
}
