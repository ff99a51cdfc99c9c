/**
 * Click capture (issue 19): what the browser extension records and uploads, zod-free so the
 * extension (which must not bundle zod) and libs/capture use the same names and limits. The
 * schema that validates an upload is `captureEventListSchema` in http/capture.
 *
 * POST /api/sop/from-capture, multipart: the field `events` holds the JSON list of events,
 * then the files `screenshots` in order (PNG or JPEG of the visible tab); an event's
 * `screenshot.index` points into that order. Nothing is uploaded before the user has stopped
 * the recording, reviewed its steps and pressed Upload.
 */

export const captureUploadPath = '/api/sop/from-capture';
/**
 * The workspaces the extension's user may file a capture into (Editor or above), personal first;
 * the upload names the chosen one with the `x-workspace-id` header.
 */
export const captureWorkspacesPath = '/api/extension/workspaces';
/** The multipart field holding the JSON event list. */
export const CAPTURE_EVENTS_FIELD = 'events';
/** The multipart file field, repeated once per screenshot, in index order. */
export const CAPTURE_SCREENSHOTS_FIELD = 'screenshots';

export const CAPTURE_MAX_EVENTS = 500;
export const CAPTURE_MAX_SCREENSHOTS = 100;
/** One screenshot's bytes (a 4K PNG of a busy page is a few MB). */
export const CAPTURE_SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
/** The JSON of the event list. 500 events of bounded strings stay far below it. */
export const CAPTURE_EVENTS_MAX_BYTES = 2 * 1024 * 1024;
export const captureScreenshotTypes = ['image/png', 'image/jpeg'] as const;

/** Longest accessible name kept (longer ones are cut with an ellipsis by the extension). */
export const CAPTURE_NAME_MAX = 200;
export const CAPTURE_TITLE_MAX = 300;
export const CAPTURE_URL_MAX = 2048;
/** A typed value the user chose to keep for one field. */
export const CAPTURE_VALUE_MAX = 500;
export const CAPTURE_NOTE_MAX = 2000;
/** Longest side of a screenshot, in pixels (an 8K display). */
export const CAPTURE_SCREENSHOT_MAX_SIDE = 8192;

export const captureEventKinds = ['click', 'input', 'select', 'navigate', 'note'] as const;
export type CaptureEventKind = (typeof captureEventKinds)[number];

/**
 * The kind of a form control: an `<input>`'s type, or `textarea`, `contenteditable`, `select`.
 * An `<input>` of another or unknown type is recorded as `text`.
 */
export const captureInputTypes = [
  'text',
  'email',
  'number',
  'tel',
  'url',
  'search',
  'password',
  'date',
  'datetime-local',
  'time',
  'month',
  'week',
  'color',
  'range',
  'file',
  'checkbox',
  'radio',
  'textarea',
  'contenteditable',
  'select',
] as const;
export type CaptureInputType = (typeof captureInputTypes)[number];

/** How a `navigate` event came about. */
export const captureNavigationKinds = ['link', 'typed', 'history', 'reload', 'tab', 'other'] as const;
export type CaptureNavigationKind = (typeof captureNavigationKinds)[number];

/** An ARIA role as the extension computes it (explicit `role` or the element's implicit one). */
export const CAPTURE_ROLE_PATTERN = /^[a-z]{1,40}$/;

export interface CapturePage {
  /** The document's title (may be empty). */
  title: string;
  /** Query string and fragment stripped unless the user kept them; never a user name or password. */
  url: string;
}

/** A box in screenshot pixels (not CSS pixels): x, y from the screenshot's top-left corner. */
export interface CaptureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CaptureScreenshotRef {
  /** Index into the uploaded `screenshots` files. Several events may share one screenshot. */
  index: number;
  /** The screenshot's size in pixels and the page's devicePixelRatio when it was taken. */
  width: number;
  height: number;
  devicePixelRatio: number;
  /** The element's bounding box in this screenshot; absent for navigations, notes and elements out of view. */
  box?: CaptureBox;
}

/** The element an event happened on. */
export interface CaptureTarget {
  /** Its accessible name (aria-labelledby, aria-label, label, text, alt, title, placeholder); may be empty. */
  name: string;
  /** Its ARIA role, explicit or implicit (`button`, `link`, `textbox`, `checkbox`…). */
  role?: string;
  /** For form controls: the kind of input. */
  inputType?: CaptureInputType;
  /** The text of the nearest heading or landmark label around it, for the step's details. */
  context?: string;
}

interface CaptureEventBase {
  /** When it happened: milliseconds since the epoch. */
  at: number;
  /** The browser tab it happened in (the extension's tab id; tabs are told apart, not identified). */
  tab: number;
  page: CapturePage;
  screenshot?: CaptureScreenshotRef;
}

export interface CaptureClickEvent extends CaptureEventBase {
  kind: 'click';
  target: CaptureTarget;
  /** For a checkbox, radio or switch (clicked, or toggled with the keyboard): its state after. */
  checked?: boolean;
}

export interface CaptureInputEvent extends CaptureEventBase {
  kind: 'input';
  target: CaptureTarget;
  /**
   * What was typed: present only when the user opted in for this field, never for a
   * password field (the schema refuses it), and then at most CAPTURE_VALUE_MAX characters.
   */
  value?: string;
}

export interface CaptureSelectEvent extends CaptureEventBase {
  kind: 'select';
  target: CaptureTarget;
  /** The label of the option chosen (several joined with ", " for a multiple select). */
  selected: string;
}

export interface CaptureNavigateEvent extends CaptureEventBase {
  kind: 'navigate';
  via?: CaptureNavigationKind;
}

export interface CaptureNoteEvent extends Omit<CaptureEventBase, 'page'> {
  kind: 'note';
  /** The note the user typed into the popup: it becomes a step of its own. */
  note: string;
  /** The page the active tab showed when the note was added, if any. */
  page?: CapturePage;
}

export type CaptureEvent = CaptureClickEvent | CaptureInputEvent | CaptureSelectEvent | CaptureNavigateEvent | CaptureNoteEvent;

/**
 * Strips what a captured URL must not carry: user name and password always; the query string
 * and fragment unless `keep` says so. Not a URL (or a URL of its own kind: about:, data:) →
 * just its scheme, so nothing private rides along.
 */
export function cleanCaptureUrl(raw: string, keep: { query?: boolean; fragment?: boolean } = {}): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'file:') return url.protocol;
  url.username = '';
  url.password = '';
  if (!keep.query) url.search = '';
  if (!keep.fragment) url.hash = '';
  const text = url.toString();
  return text.length <= CAPTURE_URL_MAX ? text : `${url.origin}${url.pathname}`.slice(0, CAPTURE_URL_MAX);
}
