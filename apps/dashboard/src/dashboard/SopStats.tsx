import { Card, Flex, HStack, Icon, SimpleGrid, Stat } from '@sopwright/ui';
import { FileText, Layers, MousePointerClick, Video } from 'lucide-react';
import type { SopCounts } from './sop-filters';

const tiles = [
  { key: 'total', label: 'Total SOPs', icon: Layers, palette: 'brand' },
  { key: 'video', label: 'From Video', icon: Video, palette: 'purple' },
  { key: 'text', label: 'From Text', icon: FileText, palette: 'blue' },
] as const;
const captureTile = { key: 'capture', label: 'From Capture', icon: MousePointerClick, palette: 'teal' } as const;

/** The three counts of spec §2: Total SOPs, From Video, From Text; and From Capture once there are captures. */
export function SopStats({ counts }: { counts: SopCounts }) {
  const shown = counts.capture > 0 ? [...tiles, captureTile] : tiles;
  return (
    <SimpleGrid columns={{ base: 1, sm: shown.length === 4 ? 2 : 3, lg: shown.length }} gap="4">
      {shown.map((tile) => (
        <Card.Root key={tile.key} variant="outline" rounded="xl" bg="bg">
          <Card.Body py="4">
            <HStack justify="space-between" align="center">
              <Stat.Root data-testid={`stat-${tile.key}`}>
                <Stat.Label>{tile.label}</Stat.Label>
                <Stat.ValueText fontSize="2xl">{counts[tile.key]}</Stat.ValueText>
              </Stat.Root>
              <Flex align="center" justify="center" boxSize="10" rounded="lg" colorPalette={tile.palette} bg="colorPalette.subtle" color="colorPalette.fg">
                <Icon size="md">
                  <tile.icon />
                </Icon>
              </Flex>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
