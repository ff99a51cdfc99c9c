import type { CaptureEvent, CaptureNavigationKind } from '@sopwright/contracts/constants';
import type { CssBox, Size } from './geometry';

/** A page as the content script sees it; the background cleans the URL before keeping it. */
export interface RawPage {
  title: string;
  url: string;
}

/** An event as the content script reports it: the background adds the tab and the screenshot. */
export type ReportedEvent = DistributiveOmit<CaptureEvent, 'tab' | 'screenshot' | 'page' | 'at'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A region of the screenshot to paint over: a field's text, or a frame the extension cannot see into. */
export interface Mask extends CssBox {
  color: string;
}

/** Content script → background. */
export type ContentMessage =
  | { type: 'hello'; page: RawPage; top: boolean; navigation: CaptureNavigationKind }
  | { type: 'page-changed'; page: RawPage }
  /** A frame was added to the page after the recorder was put in: put it into the new frames too. */
  | { type: 'new-frames' }
  /** A press began on something that may navigate: take the screenshot now, before the page changes. */
  | { type: 'prepare'; id: string }
  /** `prepared`: the id of the press's early screenshot, to use instead of taking one now. */
  | { type: 'event'; event: ReportedEvent; page: RawPage; at: number; box: CssBox | null; prepared?: string };

export interface HelloAnswer {
  recording: boolean;
  paused: boolean;
}

/** Background → content script. */
export type BackgroundMessage =
  | { type: 'state'; recording: boolean; paused: boolean }
  /** Hide the indicator, say what to paint over and how big the viewport is. */
  | { type: 'before-capture' }
  | { type: 'after-capture' }
  | { type: 'page-info' }
  /** Report typing not reported yet (the recording is about to stop or pause). */
  | { type: 'flush' }
  | { type: 'ping' };

export interface BeforeCaptureAnswer {
  viewport: Size;
  devicePixelRatio: number;
  masks: Mask[];
}

/** Popup → background. */
export type PopupMessage =
  | { type: 'start'; tabId: number }
  | { type: 'attach'; tabId: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'note'; text: string; tabId?: number }
  | { type: 'delete-step'; events: number[] }
  | { type: 'keep-value'; events: number[]; keep: boolean }
  | { type: 'discard' }
  /** `workspaceId`: where the SOP goes (absent: the personal workspace). */
  | { type: 'upload'; workspaceId?: string }
  /** The workspaces a capture may go to. */
  | { type: 'workspaces' }
  /** Connect to `server` with a connect code or a token (`secret`). */
  | { type: 'connect'; server: string; secret: string };

export interface PopupAnswer {
  ok: boolean;
  error?: string;
  /** After an upload: the SOP's address, opened in a new tab. */
  url?: string;
  /** The answer to 'workspaces': personal first. */
  workspaces?: CaptureWorkspace[];
}

/** A workspace a capture may be saved to. */
export interface CaptureWorkspace {
  id: string;
  name: string;
  personal: boolean;
}

export const isContentMessage = (message: unknown): message is ContentMessage =>
  typeof message === 'object' && message !== null && ['hello', 'page-changed', 'new-frames', 'prepare', 'event'].includes((message as { type?: string }).type ?? '');
