import type {
  CaptureClickEvent,
  CaptureEvent,
  CaptureInputEvent,
  CaptureInputType,
  CaptureNavigateEvent,
  CaptureNoteEvent,
  CapturePage,
  CaptureScreenshotRef,
  CaptureSelectEvent,
  CaptureTarget,
} from '@sopwright/contracts';
import { describeField } from './fields';
import { clip, renderParts, strong, type Emphasis, type TextPart } from './text';

export type CaptureStepKind = 'click' | 'check' | 'uncheck' | 'turn-on' | 'turn-off' | 'choose' | 'type' | 'upload' | 'select' | 'navigate' | 'switch-tab' | 'note';

export interface CaptureStep {
  kind: CaptureStepKind;
  /** The title and details written with `emphasis` (quotation marks unless asked otherwise). */
  title: string;
  details: string;
  /** The same as parts, for a reader that shows names in bold. */
  titleParts: TextPart[];
  detailParts: TextPart[];
  /** Positions in the event list this step was written from (delete them to delete the step). */
  events: number[];
  /** The screenshot to show with the step, and the element's box in it. */
  screenshot?: CaptureScreenshotRef;
}

export interface CaptureStepOptions {
  /** How names from the page are marked. Default `quotes`; see text.ts. */
  emphasis?: Emphasis;
  /** A second click on the same element within this many ms is the same click (a double click). Default 600. */
  doubleClickMs?: number;
  /** A navigation this soon after a click or typing in the same tab is what that action opened. Default 10 s. */
  navigationAfterActionMs?: number;
}

/** Longest name quoted in a title, so a title stays within the SOP's 300 characters. */
const TITLE_NAME_MAX = 120;
/** Longest kept value shown in a title; a longer one is quoted whole in the details. */
const TITLE_VALUE_MAX = 80;

const textLikeInputs = new Set<CaptureInputType>(['text', 'email', 'number', 'tel', 'url', 'search', 'password', 'textarea', 'contenteditable']);
const dateLikeInputs = new Set<CaptureInputType>(['date', 'datetime-local', 'time', 'month', 'week']);
const textRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

type ActionEvent = CaptureClickEvent | CaptureInputEvent | CaptureSelectEvent;

interface Group {
  kind: 'click' | 'type' | 'select' | 'navigate' | 'note';
  events: number[];
  /** The event the step is written from: the last of a merge (final value, final state). */
  main: CaptureEvent;
  /** A navigation this action caused (a link followed, a form sent). */
  opened?: CaptureNavigateEvent;
  /** For a navigation: the tab had not been seen before (a link opened in a new tab). */
  newTab?: boolean;
}

const isAction = (event: CaptureEvent): event is ActionEvent => event.kind === 'click' || event.kind === 'input' || event.kind === 'select';

/** Two events on the same element: same tab, same page, same name, same kind of input when both know it. */
function sameElement(a: ActionEvent, b: ActionEvent): boolean {
  if (a.tab !== b.tab || a.page.url !== b.page.url || a.target.name !== b.target.name) return false;
  const [typeA, typeB] = [a.target.inputType, b.target.inputType];
  return !typeA || !typeB || typeA === typeB;
}

/** A click that only puts the cursor into a field or opens a list: typing or choosing there says it all. */
function isFieldClick(event: CaptureClickEvent): boolean {
  const { inputType, role } = event.target;
  if (event.checked !== undefined) return false;
  if (inputType) return textLikeInputs.has(inputType) || dateLikeInputs.has(inputType) || inputType === 'select' || inputType === 'file' || inputType === 'range' || inputType === 'color';
  return role !== undefined && (textRoles.has(role) || role === 'listbox');
}

const samePage = (a: CapturePage | undefined, b: CapturePage | undefined) => Boolean(a && b && a.url === b.url && a.title === b.title);

/** Groups the events into steps: merges what is one action, drops what says nothing. */
function groupEvents(events: readonly CaptureEvent[], doubleClickMs: number, navigationAfterActionMs: number): Group[] {
  const groups: Group[] = [];
  const pageOfTab = new Map<number, CapturePage>();
  let lastTab: number | undefined;

  events.forEach((event, index) => {
    const last = groups.at(-1);
    const lastMain = last?.main;
    switch (event.kind) {
      case 'note':
        groups.push({ kind: 'note', events: [index], main: event });
        return;
      case 'navigate': {
        const known = pageOfTab.get(event.tab);
        const switched = event.via === 'tab';
        pageOfTab.set(event.tab, event.page);
        const previousTab = lastTab;
        lastTab = event.tab;
        // Reloads and the same page again (a form re-shown, a hash change) are not steps.
        if (event.via === 'reload') return;
        if (switched ? previousTab === event.tab : samePage(known, event.page)) return;
        if (
          !switched &&
          last &&
          lastMain &&
          isAction(lastMain) &&
          !last.opened &&
          lastMain.tab === event.tab &&
          event.via !== 'typed' &&
          event.via !== 'history' &&
          event.at - lastMain.at <= navigationAfterActionMs
        ) {
          last.opened = event;
          last.events.push(index);
          return;
        }
        groups.push({ kind: 'navigate', events: [index], main: event, newTab: !known && !switched && previousTab !== undefined && previousTab !== event.tab });
        return;
      }
      case 'click': {
        lastTab = event.tab;
        if (!pageOfTab.has(event.tab)) pageOfTab.set(event.tab, event.page);
        if (last && !last.opened && lastMain?.kind === 'click' && sameElement(lastMain, event) && event.at - lastMain.at <= doubleClickMs) {
          last.events.push(index);
          last.main = event;
          return;
        }
        groups.push({ kind: 'click', events: [index], main: event });
        return;
      }
      case 'input':
      case 'select': {
        lastTab = event.tab;
        if (!pageOfTab.has(event.tab)) pageOfTab.set(event.tab, event.page);
        const kind = event.kind === 'input' ? 'type' : 'select';
        const mergesInto =
          last &&
          !last.opened &&
          lastMain &&
          isAction(lastMain) &&
          sameElement(lastMain, event) &&
          ((lastMain.kind === 'click' && isFieldClick(lastMain)) || lastMain.kind === event.kind);
        if (mergesInto) {
          last.kind = kind;
          last.events.push(index);
          last.main = event;
          return;
        }
        groups.push({ kind, events: [index], main: event });
        return;
      }
    }
  });
  return groups;
}

/** A page's name: its title, else its address without the scheme. */
function pageName(page: CapturePage): string {
  if (page.title.trim()) return clip(page.title, TITLE_NAME_MAX);
  try {
    const url = new URL(page.url);
    return clip(`${url.host}${url.pathname === '/' ? '' : url.pathname}`, TITLE_NAME_MAX) || page.url;
  } catch {
    return clip(page.url, TITLE_NAME_MAX);
  }
}

/** The element's name for a title, or null when it has none. */
const nameOf = (target: CaptureTarget): string | null => (target.name.trim() ? clip(target.name, TITLE_NAME_MAX) : null);

/** "the button", "the link"… for an element with no name. */
function unnamed(target: CaptureTarget, hasBox: boolean): string | null {
  switch (target.role) {
    case 'button':
      return 'the button';
    case 'link':
      return 'the link';
    case 'img':
    case 'image':
      return 'the image';
    case 'checkbox':
      return 'the checkbox';
    case 'tab':
      return 'the tab';
    case 'menuitem':
      return 'the menu item';
    default:
      if (target.inputType || (target.role && textRoles.has(target.role))) return 'the field';
      return hasBox ? 'the highlighted element' : null;
  }
}

/** "Click “Save”", "Type the email address in “Email”"… or null for a step with nothing to say. */
function actionTitle(group: Group, hasBox: boolean): { kind: CaptureStepKind; parts: TextPart[] } | null {
  const main = group.main as ActionEvent;
  const target = main.target;
  const name = nameOf(target);
  const named = (before: string, fallback: string | null, after = ''): TextPart[] | null =>
    name ? [before, strong(name), after] : fallback ? [`${before}${fallback}${after}`] : null;

  if (main.kind === 'select') {
    const choice = clip(main.selected, TITLE_NAME_MAX);
    if (!choice) return { kind: 'select', parts: name ? ['Clear the selection in ', strong(name)] : ['Clear the selection'] };
    return { kind: 'select', parts: name ? ['Select ', strong(choice), ' in ', strong(name)] : ['Select ', strong(choice)] };
  }

  if (main.kind === 'input') {
    const type = target.inputType;
    if (type === 'file') return { kind: 'upload', parts: name ? ['Choose a file for ', strong(name)] : ['Choose a file'] };
    // A value is only ever there because the user kept it; a password's never is, whatever arrives.
    const value = type === 'password' ? undefined : main.value;
    const shown = value !== undefined && value.trim() ? clip(value, TITLE_VALUE_MAX) : null;
    if (type === 'range' || type === 'color') {
      const parts = named('Set ', 'the value');
      return parts && { kind: 'type', parts: shown ? [...parts, ' to ', strong(shown)] : parts };
    }
    const verb = type && dateLikeInputs.has(type) ? 'Enter' : 'Type';
    if (shown) return { kind: 'type', parts: name ? [`${verb} `, strong(shown), ' in ', strong(name)] : [`${verb} `, strong(shown)] };
    const what = type && dateLikeInputs.has(type) ? (describeField(target.name, type) ?? (type === 'time' ? 'the time' : 'the date')) : describeField(target.name, type);
    if (name) return { kind: 'type', parts: what ? [`${verb} ${what} in `, strong(name)] : [`${verb} in `, strong(name)] };
    return { kind: 'type', parts: [what ? `${verb} ${what}` : `${verb} in ${unnamed(target, hasBox) ?? 'the field'}`] };
  }

  // A click.
  if (main.checked !== undefined) {
    if (target.role === 'switch') {
      const parts = named(main.checked ? 'Turn on ' : 'Turn off ', 'the switch');
      return parts && { kind: main.checked ? 'turn-on' : 'turn-off', parts };
    }
    if (target.role === 'radio' || target.inputType === 'radio' || target.role === 'menuitemradio') {
      const parts = named('Select ', 'the option');
      return parts && { kind: 'choose', parts };
    }
    const parts = named(main.checked ? 'Check ' : 'Uncheck ', 'the checkbox');
    return parts && { kind: main.checked ? 'check' : 'uncheck', parts };
  }
  if (isFieldClick(main)) {
    if (target.inputType === 'select' || target.role === 'listbox') {
      const parts = named('Open ', 'the list');
      return parts && { kind: 'click', parts };
    }
    const parts = named('Click in ', 'the field');
    return parts && { kind: 'click', parts };
  }
  const parts = named('Click ', unnamed(target, hasBox));
  return parts && { kind: 'click', parts };
}

/** "On the “Invoices” page, in “New invoice”." and what the action led to. */
function actionDetails(group: Group): TextPart[] {
  const main = group.main as ActionEvent;
  const parts: TextPart[] = main.page.title.trim() ? ['On the ', strong(pageName(main.page)), ' page'] : ['On ', pageName(main.page)];
  const context = main.target.context?.trim();
  if (context && context !== main.target.name.trim() && context !== main.page.title.trim()) parts.push(', in ', strong(clip(context, TITLE_NAME_MAX)));
  parts.push('.');
  if (group.opened) parts.push(' This opens the ', strong(pageName(group.opened.page)), group.opened.page.title.trim() ? ' page.' : '.');
  // A kept value too long for the title is given whole here.
  const value = main.kind === 'input' && main.target.inputType !== 'password' ? main.value : undefined;
  if (value !== undefined && value.trim() && clip(value, TITLE_VALUE_MAX) !== value.replace(/\s+/g, ' ').trim()) parts.push('\n\nThe text to type:\n', value.trim());
  return parts;
}

function navigationText(group: Group): { kind: CaptureStepKind; title: TextPart[]; details: TextPart[] } {
  const event = group.main as CaptureNavigateEvent;
  const name = pageName(event.page);
  if (event.via === 'tab') return { kind: 'switch-tab', title: ['Switch to the ', strong(name), ' tab'], details: [] };
  const title: TextPart[] = [event.via === 'history' ? 'Go back to ' : 'Go to ', strong(name)];
  const details: TextPart[] = [];
  if (group.newTab) details.push('It opens in a new tab. ');
  if (/^(https?|file):/.test(event.page.url)) details.push(`Open ${event.page.url}`, '.');
  return { kind: 'navigate', title, details };
}

/** A note's first sentence (or line) is its title; the rest, if any, its details. */
function noteText(event: CaptureNoteEvent): { title: TextPart[]; details: TextPart[] } {
  const text = event.note.trim();
  const firstLine = text.split(/\r?\n/)[0]!.trim();
  const sentence = /^(.{8,}?[.!?])(\s|$)/.exec(firstLine)?.[1] ?? firstLine;
  const title = clip(sentence, 200);
  const rest = text.slice(text.indexOf(sentence) + sentence.length).trim();
  if (title !== sentence) return { title: [title], details: [text] };
  return { title: [title], details: rest ? [rest] : [] };
}

/**
 * The steps of a capture, in order, written by rule from the events:
 * - "Click “Create invoice”", "Click in “Customer”", "Check/Uncheck “I agree”", "Turn on “Dark mode”";
 * - "Type the customer's name in “Customer”" (what the label asks for, when it says), else
 *   "Type in “Customer”"; with a value the user chose to keep, "Type “ACME Ltd” in “Customer”"
 *   (never for a password);
 * - "Select “Net 30” in “Payment terms”"; "Go to “Invoices”" (the page's title);
 *   "Switch to the “Reports” tab"; a note is a step of its own.
 * Merged: a click into a field and the typing or choice that follows (one step); typing in the
 * same field again (the last value); a second click on the same element within `doubleClickMs`;
 * a navigation right after a click or typing in that tab (the step says what it opens). Dropped:
 * reloads, the same page again, and clicks on nothing nameable outside any screenshot.
 * Details give the page ("On the “Invoices” page, in “New invoice”.").
 */
export function stepsFromCapture(events: readonly CaptureEvent[], options: CaptureStepOptions = {}): CaptureStep[] {
  const emphasis = options.emphasis ?? 'quotes';
  const groups = groupEvents(events, options.doubleClickMs ?? 600, options.navigationAfterActionMs ?? 10_000);
  const steps: CaptureStep[] = [];
  for (const group of groups) {
    // The first screenshot of a merge: the field before anything was typed into it.
    const screenshot = group.events.map((index) => events[index]!.screenshot).find((shot) => shot !== undefined);
    let kind: CaptureStepKind;
    let titleParts: TextPart[];
    let detailParts: TextPart[];
    if (group.kind === 'note') {
      const text = noteText(group.main as CaptureNoteEvent);
      [kind, titleParts, detailParts] = ['note', text.title, text.details];
    } else if (group.kind === 'navigate') {
      const text = navigationText(group);
      [kind, titleParts, detailParts] = [text.kind, text.title, text.details];
    } else {
      const title = actionTitle(group, Boolean(screenshot?.box));
      if (!title) continue;
      [kind, titleParts, detailParts] = [title.kind, title.parts, actionDetails(group)];
    }
    titleParts = titleParts.filter((part) => part !== '');
    steps.push({
      kind,
      title: renderParts(titleParts, emphasis),
      details: renderParts(detailParts, emphasis).trim(),
      titleParts,
      detailParts,
      events: group.events,
      ...(screenshot ? { screenshot } : {}),
    });
  }
  return steps;
}
