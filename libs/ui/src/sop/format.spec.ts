import { formatDate, formatDateTime, sourceLabel, stepCountLabel } from './format';

describe('SOP formatting', () => {
  it('counts steps in words', () => {
    expect(stepCountLabel(0)).toBe('0 steps');
    expect(stepCountLabel(1)).toBe('1 step');
    expect(stepCountLabel(3)).toBe('3 steps');
  });

  it('formats dates and times in US English', () => {
    expect(formatDate('2026-03-04T23:30:00.000Z', 'UTC')).toBe('Mar 4, 2026');
    expect(formatDateTime('2026-03-04T14:05:00.000Z', 'UTC')).toBe('Mar 4, 2026, 2:05 PM');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });

  it('shows only video SOPs as Video', () => {
    expect(sourceLabel('video')).toBe('Video');
    expect(sourceLabel('text')).toBe('Text');
    expect(sourceLabel('audio')).toBe('Text');
  });
});
