import { Button, Flex } from '@sopwright/ui';
import { categoryPalette, type CategoryCount } from './template-model';

interface CategoryChipsProps {
  categories: CategoryCount[];
  total: number;
  /** `null` is 'All'. */
  selected: string | null;
  onSelect: (category: string | null) => void;
}

function Chip({ label, count, active, palette, onClick }: { label: string; count: number; active: boolean; palette: string; onClick: () => void }) {
  return (
    <Button
      size="sm"
      rounded="full"
      colorPalette={palette}
      variant={active ? 'solid' : 'outline'}
      bg={active ? undefined : 'bg'}
      aria-pressed={active}
      onClick={onClick}
      fontWeight="medium"
      flexShrink={0}
    >
      {label}
      {/* Full strength: a faded count falls under 4.5:1 on the coloured chips. */}
      <span aria-hidden="true" style={{ fontWeight: 400 }}>
        {count}
      </span>
    </Button>
  );
}

/** 'All' plus one chip per category in the results. */
export function CategoryChips({ categories, total, selected, onSelect }: CategoryChipsProps) {
  return (
    // One scrollable row on small screens, wrapped rows from md up.
    <Flex
      gap="2"
      role="group"
      aria-label="Filter by category"
      wrap={{ base: 'nowrap', md: 'wrap' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      mx={{ base: '-4', md: '0' }}
      px={{ base: '4', md: '0' }}
      pb={{ base: '1', md: '0' }}
      css={{ scrollbarWidth: 'none' }}
    >
      <Chip label="All" count={total} active={selected === null} palette="brand" onClick={() => onSelect(null)} />
      {categories.map(({ category, count }) => (
        <Chip
          key={category}
          label={category}
          count={count}
          active={selected === category}
          palette={categoryPalette(category)}
          onClick={() => onSelect(category)}
        />
      ))}
    </Flex>
  );
}
