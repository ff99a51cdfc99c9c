import type { ActivityEntry } from '@sopwright/contracts';

const formatNames: Record<string, string> = { pdf: 'PDF', docx: 'DOCX', html: 'HTML', markdown: 'Markdown' };

/** What a 'branded' entry's `what` says was changed. */
const brandingChanges: Record<string, string> = {
  name: 'changed the company name on the workspace branding',
  logo: 'uploaded a new logo for the workspace branding',
  'logo removed': 'removed the logo from the workspace branding',
};

/** A number from an entry's detail, when it has one. */
const numberIn = (entry: ActivityEntry, key: string): number | null => (typeof entry.detail[key] === 'number' ? (entry.detail[key] as number) : null);
const versionOf = (entry: ActivityEntry) => numberIn(entry, 'version');

/** A sentence's words around the SOP's title: "{who} {before} “{title}” {after}". */
export interface ActivityWords {
  before: string;
  after?: string;
}

/**
 * What someone did, in the words around the SOP's title ("approved version 3 of" “Title”).
 * `emailOf` names a member an entry refers to (who was asked to read it).
 */
export function activityWords(entry: ActivityEntry, emailOf: (userId: string) => string | null): ActivityWords {
  const before = activityVerb(entry, emailOf);
  if (entry.action === 'submitted') return { before, after: 'for review' };
  if (entry.action === 'exported' && typeof entry.detail.format === 'string') return { before: 'exported', after: `as ${formatNames[entry.detail.format] ?? entry.detail.format}` };
  return { before };
}

function activityVerb(entry: ActivityEntry, emailOf: (userId: string) => string | null): string {
  const version = versionOf(entry);
  switch (entry.action) {
    case 'created':
      return 'created';
    case 'edited':
      return version ? `saved version ${version} of` : 'edited';
    case 'restored': {
      const from = numberIn(entry, 'from');
      return from ? `restored version ${from} of` : 'restored an earlier version of';
    }
    case 'submitted':
      return version ? `submitted version ${version} of` : 'submitted';
    case 'approved':
      return version ? `approved version ${version} of` : 'approved';
    case 'shared':
      return 'created a share link to';
    case 'unshared':
      return 'revoked a share link to';
    case 'exported':
      return 'exported';
    case 'assigned': {
      const assignee = typeof entry.detail.userId === 'string' ? emailOf(entry.detail.userId) : null;
      return assignee ? `asked ${assignee} to read` : 'asked a member to read';
    }
    case 'acknowledged':
      return version ? `acknowledged reading version ${version} of` : 'acknowledged reading';
    case 'deleted':
      return 'deleted';
    case 'branded':
      return brandingChanges[String(entry.detail.what)] ?? 'changed the workspace branding';
  }
}

/** The SOP an entry is about, by its title now, or for a deleted SOP the title it had; null when about none. */
export function activitySubject(entry: ActivityEntry): string | null {
  if (entry.sopTitle) return entry.sopTitle;
  if (typeof entry.detail.title === 'string') return entry.detail.title;
  return entry.sopId ? 'an SOP that no longer exists' : null;
}
