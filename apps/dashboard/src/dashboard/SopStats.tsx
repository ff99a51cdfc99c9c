import { Card, Flex, HStack, Icon, SimpleGrid, Stat } from '@sopwright/ui';
import { FileText, Layers, Video } from 'lucide-react';
import type { SopCounts } from './sop-filters';

const tiles = [
  { key: 'total', label: 'Total SOPs', icon: Layers, palette: 'brand' },
  { key: 'video', label: 'From Video', icon: Video, palette: 'purple' },
  { key: 'text', label: 'From Text', icon: FileText, palette: 'blue' },
] as const;

/** The three counts of spec §2: Total SOPs, From Video, From Text. */
export function SopStats({ counts }: { counts: SopCounts }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
      {tiles.map((tile) => (
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
