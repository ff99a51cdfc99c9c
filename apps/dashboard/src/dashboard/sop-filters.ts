import type { Sop } from '@sopwright/contracts';
import { isReviewOverdue } from '@sopwright/ui';

export type SourceFilter = 'all' | 'text' | 'video' | 'capture' | 'overdue';

/** The source filter's options, in the spec's order and words. */
export const sourceFilterOptions: readonly { value: SourceFilter; label: string }[] = [
  { value: 'all', label: 'All Sources' },
  { value: 'text', label: 'Text Only' },
  { value: 'video', label: 'Video Only' },
];

/** Offered once the library holds SOPs the capture extension recorded; until then the spec's three alone. */
const captureOption = { value: 'capture', label: 'Capture Only' } as const;

/** In a team workspace: approved SOPs past their review date ("review every N months"). */
const overdueOption = { value: 'overdue', label: 'Review Overdue' } as const;

export function sourceFilterOptionsFor(counts: Pick<SopCounts, 'capture'>, { team = false }: { team?: boolean } = {}): readonly { value: SourceFilter; label: string }[] {
  return [...sourceFilterOptions, ...(counts.capture > 0 ? [captureOption] : []), ...(team ? [overdueOption] : [])];
}

export function parseSourceFilter(value: string): SourceFilter {
  return value === 'text' || value === 'video' || value === 'capture' || value === 'overdue' ? value : 'all';
}

type Listed = Pick<Sop, 'title' | 'sourceType'> & Partial<Pick<Sop, 'origin'>> & { nextReviewAt?: string | null };

function matchesSource(sop: Listed, source: SourceFilter, now: number): boolean {
  if (source === 'all') return true;
  if (source === 'capture') return sop.origin === 'capture';
  if (source === 'overdue') return isReviewOverdue(sop.nextReviewAt, now);
  return sop.sourceType === source;
}

/** Case-insensitive substring match on the title (spec §5), then the source filter. */
export function filterSops<T extends Listed>(sops: readonly T[], search: string, source: SourceFilter, now = Date.now()): T[] {
  const needle = search.trim().toLowerCase();
  return sops.filter((sop) => matchesSource(sop, source, now) && (needle === '' || sop.title.toLowerCase().includes(needle)));
}

export interface SopCounts {
  total: number;
  video: number;
  text: number;
  /** Recorded with the capture extension; counted in `text` too (their steps are written, not filmed). */
  capture: number;
}

/** Audio, photo and capture SOPs have sourceType 'text', so they count as From Text. */
export function countSops(sops: readonly Listed[]): SopCounts {
  const video = sops.filter((sop) => sop.sourceType === 'video').length;
  return { total: sops.length, video, text: sops.length - video, capture: sops.filter((sop) => sop.origin === 'capture').length };
}

export function isFiltering(search: string, source: SourceFilter): boolean {
  return search.trim() !== '' || source !== 'all';
}
