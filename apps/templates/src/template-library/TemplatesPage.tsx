import { Button, EmptyState, Flex, Input, InputGroup, SimpleGrid, Stack, Text, VStack, CardSkeletons, PageFrame, LoadErrorAlert } from '@sopwright/ui';
import { FileSearch, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@sopwright/web-client';
import { CategoryChips } from './CategoryChips';
import { TemplateCard } from './TemplateCard';
import { categoriesOf, filterByCategory, templateHref, toLibraryTemplate, type LibraryTemplate } from './template-model';
import { useListTemplatesQuery, useSeedTemplatesMutation } from './templates-api';

/** Spec §9: four placeholders while the library loads. */
const SKELETON_COUNT = 4;

/**
 * Makes the seeding call once on each load of the page (spec §4); failure is ignored.
 * Returns true once it has settled, so the first list read sees a seeded library.
 */
function useSeedOnLoad(): boolean {
  const [seed] = useSeedTemplatesMutation();
  const [settled, setSettled] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    // A ref, not a dependency, so StrictMode's second effect run does not seed twice.
    if (started.current) return;
    started.current = true;
    seed()
      .unwrap()
      .catch(() => undefined)
      .finally(() => setSettled(true));
  }, [seed]);
  return settled;
}

export default function TemplatesPage() {
  const navigate = useNavigate();
  const seeded = useSeedOnLoad();
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const { data, isFetching, isError, refetch } = useListTemplatesQuery(query, { skip: !seeded });

  const templates = useMemo<LibraryTemplate[]>(() => (data ?? []).map(toLibraryTemplate), [data]);
  const categories = useMemo(() => categoriesOf(templates), [templates]);
  const visible = useMemo(() => filterByCategory(templates, category), [templates, category]);
  // A chosen category that the current results do not have reads as 'All'.
  const activeCategory = categories.some((c) => c.category === category) ? category : null;

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = searchText.trim();
    if (next !== query) setQuery(next);
    // Searching the same text again asks the server again (once the first read has started).
    else if (seeded) refetch();
  };

  const clearSearch = () => {
    setSearchText('');
    setQuery('');
    setCategory(null);
  };

  const loading = !seeded || isFetching;

  let content;
  if (loading) {
    content = <CardSkeletons count={SKELETON_COUNT} columns={2} />;
  } else if (isError) {
    content = (
      <LoadErrorAlert title="Failed to fetch templates" onRetry={() => refetch()} />
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <FileSearch />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h2">No templates found</EmptyState.Title>
            <EmptyState.Description>Try another word, or browse the whole library.</EmptyState.Description>
          </VStack>
          {query && (
            <Button variant="outline" onClick={clearSearch}>
              Clear search
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <Stack gap="5">
        <CategoryChips categories={categories} total={templates.length} selected={activeCategory} onSelect={setCategory} />
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {visible.length === 1 ? '1 template' : `${visible.length} templates`}
          {query && ` matching “${query}”`}
          {activeCategory && ` in ${activeCategory}`}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" alignItems="start">
          {visible.map((template) => (
            <TemplateCard key={template.id} template={template} onUse={(t) => navigate(templateHref(t))} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <PageFrame
      title="Template Library"
      description="Start from one of 80+ free SOP templates across 10 business categories, then make it yours."
    >
      <Stack gap="6">
        <form role="search" onSubmit={handleSearch}>
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            <InputGroup flex="1" startElement={<Search size={16} />}>
              <Input
                type="search"
                name="q"
                aria-label="Search templates"
                placeholder="Search by title or category, e.g. onboarding or Sales"
                bg="bg"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                maxLength={200}
              />
            </InputGroup>
            <Button type="submit" colorPalette="brand" px="6" loading={seeded && isFetching}>
              Search
            </Button>
          </Flex>
        </form>
        {content}
      </Stack>
    </PageFrame>
  );
}
