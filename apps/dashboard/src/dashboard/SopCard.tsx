import type { SopSummary } from '@sopwright/contracts';
import { Button, Card, HStack, Heading, Icon, LinkBox, LinkOverlay, Separator, Text, ReviewOverdueBadge, SopStatusBadge, SourceBadge, formatDate, isReviewOverdue, stepCountLabel } from '@sopwright/ui';
import { sopExportUrl, Link as RouterLink } from '@sopwright/web-client';
import { CalendarDays, Download, ListOrdered } from 'lucide-react';
import type { MouseEvent } from 'react';

/**
 * One SOP in the list: the whole card opens it; Export opens the HTML export in a new tab. In a
 * team workspace it shows its review status, and when it is past its review date, says so.
 */
export function SopCard({ sop, team = false }: { sop: SopSummary; team?: boolean }) {
  const headingId = `sop-${sop.id}-title`;
  const openExport = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    window.open(sopExportUrl(sop.id, 'html'), '_blank', 'noopener');
  };

  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        aria-labelledby={headingId}
        data-testid="sop-card"
        variant="outline"
        rounded="xl"
        bg="bg"
        transition="box-shadow 0.2s, border-color 0.2s, transform 0.2s"
        _hover={{ shadow: 'md', borderColor: 'brand.emphasized', transform: 'translateY(-1px)' }}
        _focusWithin={{ borderColor: 'brand.solid' }}
      >
        <Card.Body gap="3" pb="4">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Heading as="h2" id={headingId} size="md" lineHeight="short" lineClamp={2}>
              <LinkOverlay asChild>
                <RouterLink to={`/sop/${sop.id}`}>{sop.title}</RouterLink>
              </LinkOverlay>
            </Heading>
            <SourceBadge sourceType={sop.sourceType} origin={sop.origin} />
          </HStack>
          <HStack gap="4" color="fg.muted" fontSize="sm" wrap="wrap">
            <HStack gap="1.5">
              <Icon size="sm">
                <ListOrdered />
              </Icon>
              <Text>{stepCountLabel(sop.stepCount)}</Text>
            </HStack>
            <HStack gap="1.5">
              <Icon size="sm">
                <CalendarDays />
              </Icon>
              <Text>{formatDate(sop.createdAt)}</Text>
            </HStack>
          </HStack>
          {team && (
            <HStack gap="2" wrap="wrap">
              <SopStatusBadge status={sop.status} />
              {isReviewOverdue(sop.nextReviewAt) && <ReviewOverdueBadge />}
            </HStack>
          )}
          {sop.firstStepTitle && (
            <Text fontSize="sm" color="fg.subtle" lineClamp={1}>
              1. {sop.firstStepTitle}
            </Text>
          )}
        </Card.Body>
        <Separator />
        <Card.Footer py="3" justifyContent="flex-end">
          {/* Above the card's link overlay, so it exports instead of opening the card. */}
          <Button size="sm" variant="ghost" colorPalette="brand" position="relative" zIndex="1" onClick={openExport}>
            <Download /> Export
          </Button>
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
