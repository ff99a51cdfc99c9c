import { Button, EmptyState, Flex, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text, VStack, CardSkeletons, PageFrame, LoadErrorAlert } from '@sopwright/ui';
import { can, errorMessage, useCurrentWorkspace, useGetUsageQuery, useListSopSummariesQuery, Link as RouterLink } from '@sopwright/web-client';
import { FileSearch, FileText, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SopCard } from './SopCard';
import { SopStats } from './SopStats';
import { UsageCard } from './UsageCard';
import { countSops, filterSops, isFiltering, parseSourceFilter, sourceFilterOptionsFor, type SourceFilter } from './sop-filters';

/** Spec §9: three placeholders while the list loads. */
const SKELETON_COUNT = 3;

/** The SOP library: plan and usage, counts, search and source filter, and the SOP cards. */
export default function DashboardPage() {
  const usage = useGetUsageQuery();
  const { data: sops, isLoading, isError, error, refetch } = useListSopSummariesQuery();
  // The SOPs listed are the current workspace's; a team workspace is named under the heading.
  const { workspace } = useCurrentWorkspace();
  const team = workspace && !workspace.personal ? workspace : null;
  const mayCreate = !workspace || can(workspace.role, 'sop.create');
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<SourceFilter>('all');

  const all = useMemo(() => sops ?? [], [sops]);
  const counts = useMemo(() => countSops(all), [all]);
  const visible = useMemo(() => filterSops(all, search, source), [all, search, source]);

  const clearFilters = () => {
    setSearch('');
    setSource('all');
  };

  let list;
  if (isLoading) {
    list = <CardSkeletons count={SKELETON_COUNT} columns={3} />;
  } else if (isError) {
    list = (
      <LoadErrorAlert title="Failed to load your SOPs" message={errorMessage(error, 'Something went wrong')} onRetry={() => refetch()} />
    );
  } else if (all.length === 0) {
    list = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <FileText />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h2">No SOPs yet</EmptyState.Title>
            <EmptyState.Description>
              {mayCreate
                ? 'Describe a process and Sopwright will turn it into a clear, numbered SOP.'
                : `No one has added an SOP to ${team?.name ?? 'this workspace'} yet. Its editors, admins and owners can.`}
            </EmptyState.Description>
          </VStack>
          {mayCreate && (
            <Button asChild colorPalette="brand">
              <RouterLink to="/create">
                <Plus /> Create Your First SOP
              </RouterLink>
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else if (visible.length === 0) {
    list = (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="xl" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <FileSearch />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h2">No SOPs found</EmptyState.Title>
            <EmptyState.Description>No SOP matches your search and filter.</EmptyState.Description>
          </VStack>
          <Button variant="outline" onClick={clearFilters}>
            Clear Filters
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    list = (
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" alignItems="stretch">
        {visible.map((sop) => (
          <SopCard key={sop.id} sop={sop} team={team !== null} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <PageFrame
      title="Your SOPs"
      description={team ? `Every procedure in ${team.name}, in one place.` : 'Every procedure you have generated, in one place.'}
    >
      <Stack gap="6">
        <UsageCard usage={usage.data} loading={usage.isLoading} />
        <SopStats counts={counts} />
        <Stack gap="4">
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }} role="search">
            <InputGroup flex="1" startElement={<Search size={16} />}>
              <Input
                type="search"
                aria-label="Search SOPs"
                placeholder="Search SOPs by title..."
                bg="bg"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </InputGroup>
            <NativeSelect.Root width={{ base: 'full', sm: '52' }} bg="bg">
              <NativeSelect.Field aria-label="Filter by source" value={source} onChange={(event) => setSource(parseSourceFilter(event.target.value))}>
                {sourceFilterOptionsFor(counts, { team: team !== null }).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          {!isLoading && all.length > 0 && isFiltering(search, source) && visible.length > 0 && (
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              Showing {visible.length} of {all.length} SOPs
            </Text>
          )}
          {list}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
