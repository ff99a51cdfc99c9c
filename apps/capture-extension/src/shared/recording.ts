import { CAPTURE_MAX_EVENTS, CAPTURE_MAX_SCREENSHOTS, type CaptureEvent, type CapturePage, type CaptureScreenshotRef } from '@sopwright/contracts/constants';

/**
 * One recording, as the background keeps it in chrome.storage.session (memory only, gone when
 * the browser closes) with the screenshots' bytes in IndexedDB. Pure functions: each returns a
 * new recording.
 *
 * Typed values: a field's value is kept here (never for a password or a card number: the page
 * never reads those), shown in the review only to offer "Include what I typed", and dropped
 * from the upload unless the user ticked it for that step.
 */

export type RecordingStatus = 'recording' | 'paused' | 'stopped';

export interface ShotMeta {
  /** The IndexedDB key of the screenshot's bytes. */
  key: string;
  width: number;
  height: number;
  devicePixelRatio: number;
}

export interface StoredEvent {
  id: number;
  event: CaptureEvent;
}

export interface Recording {
  /** A UUID: the upload's x-generation-id, so an upload sent twice makes one SOP. */
  id: string;
  status: RecordingStatus;
  startedAt: number;
  /** The tabs this recording follows. */
  tabs: number[];
  /** The page each tab showed last (by tab id), so the same page again is not a step. */
  pages: Record<string, CapturePage>;
  /** The tab acted in last, so coming back to another recorded tab is a step. */
  activeTab?: number;
  events: StoredEvent[];
  nextId: number;
  screenshots: ShotMeta[];
  /** Events (by id) whose typed value the user chose to upload. */
  keptValues: number[];
  /** Set once a limit is reached: later events, or their screenshots, are not kept. */
  full?: 'events' | 'screenshots';
  /** Something the user should know (a page the extension was not allowed to see). */
  notice?: string;
}

export function newRecording(id: string, tabId: number, now: number): Recording {
  return { id, status: 'recording', startedAt: now, tabs: [tabId], pages: {}, activeTab: tabId, events: [], nextId: 1, screenshots: [], keptValues: [] };
}

/** Adds an event at the end; null when the recording holds CAPTURE_MAX_EVENTS already. */
export function appendEvent(recording: Recording, event: CaptureEvent): { recording: Recording; id: number } | null {
  if (recording.events.length >= CAPTURE_MAX_EVENTS) return null;
  const id = recording.nextId;
  const events = [...recording.events, { id, event }];
  return { recording: { ...recording, events, nextId: id + 1, ...(events.length >= CAPTURE_MAX_EVENTS ? { full: 'events' as const } : {}) }, id };
}

/** Files a screenshot; null when the recording holds CAPTURE_MAX_SCREENSHOTS already. */
export function addScreenshot(recording: Recording, shot: ShotMeta): { recording: Recording; index: number } | null {
  if (recording.screenshots.length >= CAPTURE_MAX_SCREENSHOTS) return null;
  const screenshots = [...recording.screenshots, shot];
  return { recording: { ...recording, screenshots, ...(screenshots.length >= CAPTURE_MAX_SCREENSHOTS ? { full: recording.full ?? ('screenshots' as const) } : {}) }, index: screenshots.length - 1 };
}

export function setScreenshot(recording: Recording, eventId: number, screenshot: CaptureScreenshotRef): Recording {
  return { ...recording, events: recording.events.map((stored) => (stored.id === eventId ? { ...stored, event: { ...stored.event, screenshot } } : stored)) };
}

const withoutValue = (event: CaptureEvent): CaptureEvent => {
  if (event.kind !== 'input' || event.value === undefined) return event;
  const { value: _value, ...rest } = event;
  return rest;
};

/** The events as they would be uploaded (values only where kept), one per stored event, in order. */
export function eventsForSteps(recording: Recording): CaptureEvent[] {
  const kept = new Set(recording.keptValues);
  return recording.events.map((stored) => (kept.has(stored.id) && !isSecretField(stored.event) ? stored.event : withoutValue(stored.event)));
}

const isSecretField = (event: CaptureEvent) => event.kind === 'input' && (event.target.inputType === 'password' || event.target.inputType === 'file');

/** Whether any of the events at these positions has a typed value that could be kept. */
export function hasTypedValue(recording: Recording, positions: readonly number[]): boolean {
  return positions.some((position) => {
    const event = recording.events[position]?.event;
    return event?.kind === 'input' && !isSecretField(event) && Boolean(event.value?.trim());
  });
}

export function isValueKept(recording: Recording, positions: readonly number[]): boolean {
  return positions.some((position) => recording.keptValues.includes(recording.events[position]?.id ?? -1));
}

/** Keeps (or stops keeping) the typed values of the events at these positions. */
export function keepValues(recording: Recording, positions: readonly number[], keep: boolean): Recording {
  const ids = new Set(positions.map((position) => recording.events[position]?.id).filter((id): id is number => id !== undefined));
  const others = recording.keptValues.filter((id) => !ids.has(id));
  return { ...recording, keptValues: keep ? [...others, ...ids] : others };
}

/** Removes the events at these positions (a step deleted in the review). */
export function deleteEvents(recording: Recording, positions: readonly number[]): Recording {
  const gone = new Set(positions.map((position) => recording.events[position]?.id));
  return {
    ...recording,
    events: recording.events.filter((stored) => !gone.has(stored.id)),
    keptValues: recording.keptValues.filter((id) => !gone.has(id)),
  };
}

/**
 * What Upload sends: the events (values only where kept) with their screenshots renumbered in
 * order of use, and the IndexedDB keys of those screenshots in that order. Screenshots of
 * deleted steps are not sent.
 */
export function uploadPayload(recording: Recording): { events: CaptureEvent[]; screenshotKeys: string[] } {
  const newIndex = new Map<number, number>();
  const screenshotKeys: string[] = [];
  const events = eventsForSteps(recording).map((event) => {
    if (!event.screenshot) return event;
    const old = event.screenshot.index;
    const meta = recording.screenshots[old];
    if (!meta) {
      const { screenshot: _screenshot, ...rest } = event;
      return rest as CaptureEvent;
    }
    let index = newIndex.get(old);
    if (index === undefined) {
      index = screenshotKeys.length;
      newIndex.set(old, index);
      screenshotKeys.push(meta.key);
    }
    return { ...event, screenshot: { ...event.screenshot, index } };
  });
  return { events, screenshotKeys };
}
