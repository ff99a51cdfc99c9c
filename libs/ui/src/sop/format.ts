/** '1 step', '3 steps', '0 steps'. */
export function stepCountLabel(count: number): string {
  return count === 1 ? '1 step' : `${count} steps`;
}

/** 'Mar 4, 2026' — the date an SOP was created; '' for a value that is not a date. */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
}

/** 'Mar 4, 2026, 2:05 PM' — when a version was saved. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

/** Spec §3: only 'video' shows as Video; text, audio and photo SOPs show as Text. */
export function sourceLabel(sourceType: string): 'Video' | 'Text' {
  return sourceType === 'video' ? 'Video' : 'Text';
}
