import type { Sop } from '@sopwright/contracts';

export type SourceFilter = 'all' | 'text' | 'video';

/** The source filter's options, in the spec's order and words. */
export const sourceFilterOptions: readonly { value: SourceFilter; label: string }[] = [
  { value: 'all', label: 'All Sources' },
  { value: 'text', label: 'Text Only' },
  { value: 'video', label: 'Video Only' },
];

export function parseSourceFilter(value: string): SourceFilter {
  return value === 'text' || value === 'video' ? value : 'all';
}

type Listed = Pick<Sop, 'title' | 'sourceType'>;

/** Case-insensitive substring match on the title (spec §5), then the source filter. */
export function filterSops<T extends Listed>(sops: readonly T[], search: string, source: SourceFilter): T[] {
  const needle = search.trim().toLowerCase();
  return sops.filter(
    (sop) => (source === 'all' || sop.sourceType === source) && (needle === '' || sop.title.toLowerCase().includes(needle)),
  );
}

export interface SopCounts {
  total: number;
  video: number;
  text: number;
}

/** Audio and photo SOPs have sourceType 'text', so they count as From Text. */
export function countSops(sops: readonly Listed[]): SopCounts {
  const video = sops.filter((sop) => sop.sourceType === 'video').length;
  return { total: sops.length, video, text: sops.length - video };
}

export function isFiltering(search: string, source: SourceFilter): boolean {
  return search.trim() !== '' || source !== 'all';
}
