import { countSops, filterSops, isFiltering, parseSourceFilter, sourceFilterOptions, sourceFilterOptionsFor } from './sop-filters';

const sops = [
  { id: '1', title: 'Employee Onboarding', sourceType: 'text' as const },
  { id: '2', title: 'Refund a customer', sourceType: 'video' as const },
  { id: '3', title: 'Onboarding a vendor', sourceType: 'video' as const },
  { id: '4', title: 'Close the month', sourceType: 'text' as const },
  { id: '5', title: 'Create an invoice', sourceType: 'text' as const, origin: 'capture' as const },
];
const ids = (list: { id: string }[]) => list.map((sop) => sop.id);

describe('filterSops', () => {
  it('keeps everything with no search and All Sources', () => {
    expect(ids(filterSops(sops, '', 'all'))).toEqual(['1', '2', '3', '4', '5']);
    expect(ids(filterSops(sops, '   ', 'all'))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('matches a case-insensitive substring of the title', () => {
    expect(ids(filterSops(sops, 'ONBOARD', 'all'))).toEqual(['1', '3']);
    expect(ids(filterSops(sops, 'the mon', 'all'))).toEqual(['4']);
    expect(ids(filterSops(sops, ' refund ', 'all'))).toEqual(['2']);
  });

  it('filters by source, and combines with the search', () => {
    expect(ids(filterSops(sops, '', 'video'))).toEqual(['2', '3']);
    expect(ids(filterSops(sops, '', 'text'))).toEqual(['1', '4', '5']);
    expect(ids(filterSops(sops, '', 'capture'))).toEqual(['5']);
    expect(filterSops(sops, 'month', 'capture')).toEqual([]);
    expect(ids(filterSops(sops, 'onboarding', 'text'))).toEqual(['1']);
    expect(filterSops(sops, 'refund', 'text')).toEqual([]);
  });
});

describe('countSops', () => {
  it('counts total, video and text', () => {
    expect(countSops(sops)).toEqual({ total: 5, video: 2, text: 3, capture: 1 });
    expect(countSops([])).toEqual({ total: 0, video: 0, text: 0, capture: 0 });
  });
});

describe('source filter options', () => {
  it("offers the spec's three options", () => {
    expect(sourceFilterOptions.map((option) => option.label)).toEqual(['All Sources', 'Text Only', 'Video Only']);
    expect(sourceFilterOptionsFor({ capture: 0 })).toEqual(sourceFilterOptions);
  });

  it('adds Capture Only once the library holds a capture', () => {
    expect(sourceFilterOptionsFor({ capture: 2 }).map((option) => option.label)).toEqual(['All Sources', 'Text Only', 'Video Only', 'Capture Only']);
    expect(parseSourceFilter('capture')).toBe('capture');
  });

  it('reads unknown values as all', () => {
    expect(parseSourceFilter('video')).toBe('video');
    expect(parseSourceFilter('text')).toBe('text');
    expect(parseSourceFilter('audio')).toBe('all');
  });

  it('knows when filters are active', () => {
    expect(isFiltering('', 'all')).toBe(false);
    expect(isFiltering('  ', 'all')).toBe(false);
    expect(isFiltering('x', 'all')).toBe(true);
    expect(isFiltering('', 'video')).toBe(true);
  });
});

describe('the review overdue filter', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const reviewed = [
    { id: 'a', title: 'Open the store', sourceType: 'text' as const, nextReviewAt: '2026-11-01T00:00:00.000Z' },
    { id: 'b', title: 'Close the store', sourceType: 'text' as const, nextReviewAt: '2027-05-01T00:00:00.000Z' },
    { id: 'c', title: 'Count the till', sourceType: 'video' as const, nextReviewAt: null },
    { id: 'd', title: 'Lock the store', sourceType: 'text' as const, nextReviewAt: '2026-11-26T12:00:00.000Z' },
  ];

  it('keeps the SOPs whose review date has come, with the search', () => {
    expect(ids(filterSops(reviewed, '', 'overdue', now))).toEqual(['a', 'd']);
    expect(ids(filterSops(reviewed, 'lock', 'overdue', now))).toEqual(['d']);
  });

  it('is offered in team workspaces only', () => {
    expect(sourceFilterOptionsFor({ capture: 0 }).map((option) => option.value)).toEqual(['all', 'text', 'video']);
    expect(sourceFilterOptionsFor({ capture: 0 }, { team: true }).map((option) => option.label)).toEqual(['All Sources', 'Text Only', 'Video Only', 'Review Overdue']);
    expect(sourceFilterOptionsFor({ capture: 2 }, { team: true }).map((option) => option.value)).toEqual(['all', 'text', 'video', 'capture', 'overdue']);
    expect(parseSourceFilter('overdue')).toBe('overdue');
  });
});
