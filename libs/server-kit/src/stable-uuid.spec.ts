import { stableUuid } from './stable-uuid';

describe('stableUuid', () => {
  it('gives the same valid UUID for the same name and another for another name', () => {
    const first = stableUuid('job-1:image:0');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid('job-1:image:0')).toBe(first);
    expect(stableUuid('job-1:image:1')).not.toBe(first);
    expect(stableUuid('job-2:image:0')).not.toBe(first);
  });
});
