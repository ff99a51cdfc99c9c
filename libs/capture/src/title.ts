import type { CaptureEvent } from '@sopwright/contracts';
import { clip } from './text';

/**
 * What a capture accomplishes, read from the buttons and links the user pressed: the first one
 * whose label is an action on something ("Create invoice", "Invite user", "Export report").
 * Buttons that only confirm ("Save", "OK", "Next") name nothing. A label of the form "New X"
 * becomes "Create a new X". Null when no label says it; the caller then asks the structurer.
 */
export function titleFromCapture(events: readonly CaptureEvent[]): string | null {
  for (const event of events) {
    if (event.kind !== 'click' || (event.target.role && !pressable.has(event.target.role))) continue;
    const label = clip(event.target.name, 80).replace(/[.:!…]+$/u, '');
    const words = label.split(' ');
    if (words.length < 2 || words.length > 6) continue;
    const verb = words[0]!.toLowerCase();
    if (verb === 'new') return `Create a new ${words.slice(1).join(' ')}`;
    if (actionVerbs.has(verb)) return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return null;
}

const pressable = new Set(['button', 'link', 'menuitem', 'tab', 'generic']);

/** Verbs that begin a task's name; confirmations (save, ok, next, continue, submit) are left out on purpose. */
const actionVerbs = new Set([
  'add',
  'apply',
  'approve',
  'archive',
  'assign',
  'book',
  'cancel',
  'change',
  'close',
  'configure',
  'connect',
  'create',
  'delete',
  'deploy',
  'disable',
  'download',
  'duplicate',
  'edit',
  'enable',
  'export',
  'generate',
  'import',
  'install',
  'invite',
  'issue',
  'merge',
  'order',
  'pay',
  'print',
  'publish',
  'refund',
  'register',
  'reject',
  'release',
  'remove',
  'rename',
  'renew',
  'request',
  'reset',
  'restore',
  'schedule',
  'share',
  'transfer',
  'update',
  'upload',
]);
