import type { ActivityEntry } from '@sopwright/contracts';
import { activitySubject, activityWords } from './activity-sentence';

const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1',
  actorId: null,
  actorEmail: null,
  action: 'created',
  sopId: '0b6f1a2c-3d4e-4f50-8a9b-0c1d2e3f4a5b',
  sopTitle: 'Close the till',
  detail: {},
  at: '2026-11-26T10:00:00.000Z',
  ...patch,
});
const nobody = () => null;

describe('activity sentences', () => {
  it('says which version was saved, restored, submitted, approved and read', () => {
    expect(activityWords(entry({ action: 'edited', detail: { version: 3 } }), nobody)).toEqual({ before: 'saved version 3 of' });
    expect(activityWords(entry({ action: 'restored', detail: { version: 4, from: 1 } }), nobody)).toEqual({ before: 'restored version 1 of' });
    expect(activityWords(entry({ action: 'submitted', detail: { version: 2 } }), nobody)).toEqual({ before: 'submitted version 2 of', after: 'for review' });
    expect(activityWords(entry({ action: 'approved', detail: { version: 2 } }), nobody)).toEqual({ before: 'approved version 2 of' });
    expect(activityWords(entry({ action: 'acknowledged', detail: { version: 2 } }), nobody)).toEqual({ before: 'acknowledged reading version 2 of' });
  });

  it('names the export format and the member asked to read', () => {
    expect(activityWords(entry({ action: 'exported', detail: { format: 'markdown', version: 1 } }), nobody)).toEqual({ before: 'exported', after: 'as Markdown' });
    const emailOf = (userId: string) => (userId === 'u1' ? 'bea@example.com' : null);
    expect(activityWords(entry({ action: 'assigned', detail: { userId: 'u1' } }), emailOf)).toEqual({ before: 'asked bea@example.com to read' });
    // Someone who has since left the workspace.
    expect(activityWords(entry({ action: 'assigned', detail: { userId: 'u2' } }), emailOf)).toEqual({ before: 'asked a member to read' });
  });

  it('keeps the title of a deleted SOP, and says when an entry is about none', () => {
    expect(activitySubject(entry({ action: 'deleted', sopTitle: null, detail: { title: 'Open the store' } }))).toBe('Open the store');
    expect(activitySubject(entry({ action: 'approved', sopTitle: null, detail: { version: 1 } }))).toBe('an SOP that no longer exists');
    expect(activitySubject(entry({ action: 'branded', sopId: null, sopTitle: null, detail: { what: 'logo' } }))).toBeNull();
    expect(activityWords(entry({ action: 'branded', sopId: null }), nobody)).toEqual({ before: 'changed the workspace branding' });
    expect(activityWords(entry({ action: 'branded', sopId: null, detail: { what: 'logo' } }), nobody)).toEqual({ before: 'uploaded a new logo for the workspace branding' });
    expect(activityWords(entry({ action: 'branded', sopId: null, detail: { what: 'logo removed' } }), nobody)).toEqual({ before: 'removed the logo from the workspace branding' });
    expect(activityWords(entry({ action: 'branded', sopId: null, detail: { what: 'name' } }), nobody)).toEqual({ before: 'changed the company name on the workspace branding' });
  });
});
