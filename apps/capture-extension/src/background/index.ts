import { CAPTURE_EVENTS_FIELD, CAPTURE_SCREENSHOTS_FIELD, captureUploadPath, captureWorkspacesPath, cleanCaptureUrl, WORKSPACE_HEADER, generationIdHeader, type CaptureEvent, type CapturePage, type CaptureScreenshotRef } from '@sopwright/contracts/constants';
import { clip } from '@sopwright/capture';
import { toScreenshotBox } from '../shared/geometry';
import { isContentMessage, type BackgroundMessage, type ContentMessage, type HelloAnswer, type CaptureWorkspace, type PopupAnswer, type PopupMessage, type RawPage } from '../shared/messages';
import { addScreenshot, appendEvent, deleteEvents, keepValues, newRecording, setScreenshot, uploadPayload, type Recording } from '../shared/recording';
import { clearScreenshots, getScreenshot, putScreenshot } from '../shared/screenshot-db';
import { browserName, CONNECTION_PATH, CONNECTIONS_PATH, isConnectCode } from '../shared/connect';
import { loadSettings, PENDING_CONNECT_KEY, RECORDING_KEY, saveSettings, type Settings } from '../shared/settings';
import { isExcluded } from '../shared/sites';
import { Capturer, type Shot } from './capturer';

/**
 * The service worker: keeps the recording (chrome.storage.session, so it outlives the worker
 * being stopped between events, and nothing of it outlives the browser session), injects the
 * content script into the recorded tabs, takes the screenshots and uploads when asked.
 * Nothing is sent anywhere before the user presses Upload in the review.
 */

const capturer = new Capturer();
/** Each tab's latest early screenshot (taken as a press began), by the press's id. */
const prepared = new Map<number, { id: string; shot: Promise<Shot | null> }>();
/** Screenshots filed already (several events may share one), so each is stored once. */
const filed = new WeakMap<Shot, Promise<number | null>>();

// ——— The recording, read and changed one change at a time ———

let cache: Recording | null | undefined;
let changes: Promise<unknown> = Promise.resolve();

async function read(): Promise<Recording | null> {
  if (cache === undefined) cache = ((await chrome.storage.session.get(RECORDING_KEY))[RECORDING_KEY] as Recording | undefined) ?? null;
  return cache;
}

function change<T>(apply: (recording: Recording | null) => { next: Recording | null; result: T } | Promise<{ next: Recording | null; result: T }>): Promise<T> {
  const run = changes.then(async () => {
    const { next, result } = await apply(await read());
    cache = next;
    if (next) await chrome.storage.session.set({ [RECORDING_KEY]: next });
    else await chrome.storage.session.remove(RECORDING_KEY);
    void showBadge(next);
    return result;
  });
  changes = run.catch(() => undefined);
  return run;
}

async function showBadge(recording: Recording | null): Promise<void> {
  const [text, color, title] =
    recording?.status === 'recording'
      ? ['REC', '#dc2626', 'Sopwright Capture: recording']
      : recording?.status === 'paused'
        ? ['II', '#d97706', 'Sopwright Capture: paused']
        : recording?.status === 'stopped'
          ? ['✓', '#2563eb', 'Sopwright Capture: review and upload your steps']
          : ['', '#2563eb', 'Sopwright Capture'];
  await chrome.action.setBadgeBackgroundColor({ color }).catch(() => undefined);
  await chrome.action.setBadgeText({ text }).catch(() => undefined);
  await chrome.action.setTitle({ title }).catch(() => undefined);
}

// ——— Pages and tabs ———

function cleanPage(page: RawPage, settings: Settings): CapturePage {
  return { title: clip(page.title, 300), url: cleanCaptureUrl(page.url, { query: settings.keepQuery, fragment: settings.keepFragment }) };
}

async function inject(tabId: number): Promise<boolean> {
  try {
    await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, files: ['content.js'] });
    return true;
  } catch {
    return false;
  }
}

async function tellTab(tabId: number, message: BackgroundMessage): Promise<void> {
  await chrome.tabs.sendMessage(tabId, message).catch(() => undefined);
}

async function broadcast(recording: Recording | null): Promise<void> {
  const state = { type: 'state' as const, recording: recording !== null && recording.status !== 'stopped', paused: recording?.status === 'paused' };
  await Promise.all((recording?.tabs ?? []).map((tab) => tellTab(tab, state)));
}

/** Files a screenshot once, answering its index, or null past the limit. */
function file(shot: Shot): Promise<number | null> {
  let filing = filed.get(shot);
  if (!filing) {
    filing = change(async (recording) => {
      if (!recording) return { next: recording, result: null };
      const key = `${recording.id}/${recording.screenshots.length}`;
      const added = addScreenshot(recording, { key, width: shot.width, height: shot.height, devicePixelRatio: shot.devicePixelRatio });
      if (!added) return { next: { ...recording, full: recording.full ?? 'screenshots' }, result: null };
      await putScreenshot(key, shot.blob);
      return { next: added.recording, result: added.index };
    });
    filed.set(shot, filing);
  }
  return filing;
}

/** Adds an event now and its screenshot once taken. */
async function record(event: CaptureEvent, screenshot: { shot: Promise<Shot | null>; box: { x: number; y: number; width: number; height: number } | null } | null): Promise<void> {
  const id = await change((recording) => {
    if (!recording || recording.status !== 'recording') return { next: recording, result: null };
    const appended = appendEvent({ ...recording, activeTab: event.tab }, event);
    return appended ? { next: appended.recording, result: appended.id } : { next: { ...recording, full: 'events' as const }, result: null };
  });
  if (id === null || !screenshot) return;
  void (async () => {
    const shot = await screenshot.shot;
    if (!shot) return;
    const index = await file(shot);
    if (index === null) return;
    const box = screenshot.box ? toScreenshotBox(screenshot.box, shot.viewport, shot) : null;
    const ref: CaptureScreenshotRef = { index, width: shot.width, height: shot.height, devicePixelRatio: shot.devicePixelRatio, ...(box ? { box } : {}) };
    await change((recording) => ({ next: recording && setScreenshot(recording, id, ref), result: undefined }));
  })();
}

// ——— Messages from the pages ———

/** Each recorded tab's top document (page load), from its content script's hello. */
const topDocuments = new Map<number, string>();

/** Screenshots are asked of the document the event happened on (the top one for a frame's event), so a page left meanwhile is never taken in its place. */
function shotTarget(sender: chrome.runtime.MessageSender): { tabId: number; documentId?: string } {
  const tabId = sender.tab!.id!;
  const documentId = sender.frameId === 0 ? sender.documentId : topDocuments.get(tabId);
  return documentId ? { tabId, documentId } : { tabId };
}

async function onContent(message: ContentMessage, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const tabId = sender.tab?.id;
  const recording = await read();
  const followed = tabId !== undefined && recording !== null && recording.status !== 'stopped' && recording.tabs.includes(tabId);
  if (!followed) return message.type === 'hello' ? ({ recording: false, paused: false } satisfies HelloAnswer) : undefined;
  const settings = await loadSettings();
  if (isExcluded(sender.url ?? sender.tab?.url, settings.excludedSites)) return message.type === 'hello' ? ({ recording: false, paused: false } satisfies HelloAnswer) : undefined;
  const top = sender.frameId === 0;

  switch (message.type) {
    case 'hello':
    case 'page-changed': {
      if (top && sender.documentId) topDocuments.set(tabId, sender.documentId);
      if (top && recording.status === 'recording') {
        const page = cleanPage(message.page, settings);
        const known = recording.pages[String(tabId)];
        const via = message.type === 'page-changed' ? 'other' : known ? message.navigation : sender.tab?.openerTabId !== undefined && recording.tabs.includes(sender.tab.openerTabId) ? 'link' : 'typed';
        await change((current) => ({ next: current && { ...current, pages: { ...current.pages, [String(tabId)]: page } }, result: undefined }));
        const same = known && known.url === page.url && known.title === page.title;
        if (!same && via !== 'reload') await record({ kind: 'navigate', at: Date.now(), tab: tabId, page, via }, { shot: capturer.request(shotTarget(sender)), box: null });
      }
      return { recording: true, paused: recording.status === 'paused' } satisfies HelloAnswer;
    }
    case 'new-frames':
      // Frames already holding the recorder keep it (the script runs once per document).
      if (top) await inject(tabId);
      return undefined;
    case 'prepare':
      if (recording.status === 'recording') prepared.set(tabId, { id: message.id, shot: capturer.request(shotTarget(sender)) });
      return undefined;
    case 'event': {
      if (recording.status !== 'recording') return undefined;
      // A frame's event happened on the page the tab shows.
      const page = (!top && recording.pages[String(tabId)]) || cleanPage(message.page, settings);
      const early = message.prepared !== undefined ? prepared.get(tabId) : undefined;
      const shot = early && early.id === message.prepared ? early.shot : capturer.request(shotTarget(sender));
      await record({ ...message.event, at: message.at, tab: tabId, page } as CaptureEvent, { shot, box: message.box });
      return undefined;
    }
  }
}

// ——— The popup's commands ———

async function start(tabId: number): Promise<PopupAnswer> {
  const settings = await loadSettings();
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  if (!tab) return { ok: false, error: 'That tab is gone.' };
  if (tab.url && isExcluded(tab.url, settings.excludedSites)) return { ok: false, error: 'This site is on your excluded list, or is not a web page. Open the page you want to record and start there.' };
  await clearScreenshots();
  await change(() => ({ next: newRecording(crypto.randomUUID(), tabId, Date.now()), result: undefined }));
  if (!(await inject(tabId))) {
    await change(() => ({ next: null, result: undefined }));
    return { ok: false, error: "Chrome does not let extensions record this page (its own pages, the Web Store and other extensions' pages are off limits). Open the page you want to record and start there." };
  }
  return { ok: true };
}

/** The popup opened on a tab during a recording: follow that tab too (opening the popup lets the extension see it). */
async function attach(tabId: number): Promise<PopupAnswer> {
  const recording = await read();
  if (!recording || recording.status === 'stopped') return { ok: true };
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  const settings = await loadSettings();
  if (!tab || (tab.url && isExcluded(tab.url, settings.excludedSites))) return { ok: true };
  const alive = await chrome.tabs.sendMessage(tabId, { type: 'ping' } satisfies BackgroundMessage, { frameId: 0 }).catch(() => false);
  await change((current) => ({ next: current && { ...current, tabs: current.tabs.includes(tabId) ? current.tabs : [...current.tabs, tabId], notice: undefined }, result: undefined }));
  if (!alive && !(await inject(tabId))) return { ok: false, error: 'Chrome does not let extensions record this page.' };
  return { ok: true };
}

async function setStatus(status: 'recording' | 'paused' | 'stopped'): Promise<PopupAnswer> {
  const before = await read();
  if (!before) return { ok: false, error: 'Nothing is being recorded.' };
  // Typing not reported yet (the field still has the focus) belongs to the recording.
  if (status !== 'recording') await Promise.all(before.tabs.map((tab) => Promise.race([tellTab(tab, { type: 'flush' }), new Promise((resolve) => setTimeout(resolve, 500))])));
  const next = await change((recording) => ({ next: recording && { ...recording, status }, result: recording && { ...recording, status } }));
  await broadcast(next);
  return { ok: true };
}

async function note(text: string, tabId: number | undefined): Promise<PopupAnswer> {
  const trimmed = text.trim().slice(0, 2000);
  if (!trimmed) return { ok: false, error: 'Write the note first.' };
  const recording = await read();
  if (!recording || recording.status === 'stopped') return { ok: false, error: 'Notes are added while recording.' };
  const tab = tabId !== undefined && recording.tabs.includes(tabId) ? tabId : (recording.activeTab ?? -1);
  const page = recording.pages[String(tab)];
  const added = await change((current) => {
    const appended = current && appendEvent(current, { kind: 'note', at: Date.now(), tab, note: trimmed, ...(page ? { page } : {}) });
    return appended ? { next: appended.recording, result: true } : { next: current, result: false };
  });
  return added ? { ok: true } : { ok: false, error: 'The recording is full (500 events).' };
}

async function discard(): Promise<PopupAnswer> {
  const recording = await read();
  await change(() => ({ next: null, result: undefined }));
  await clearScreenshots();
  if (recording) await Promise.all(recording.tabs.map((tab) => tellTab(tab, { type: 'state', recording: false, paused: false })));
  return { ok: true };
}

function errorMessage(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : '';
  if (status === 401 || status === 403) return text || 'The server refused the connection. Connect the extension again with a new code from Settings.';
  if (status === 404) return `This Sopwright server does not take captures (no ${captureUploadPath}). Check the server address.`;
  return text || `The upload failed (the server answered ${status}).`;
}

async function upload(workspaceId?: string): Promise<PopupAnswer> {
  const recording = await read();
  if (!recording || recording.status !== 'stopped') return { ok: false, error: 'Stop the recording first.' };
  const settings = await loadSettings();
  if (!settings.server || !settings.token) return { ok: false, error: 'Connect the extension to your Sopwright server first (Connection, below).' };
  const { events, screenshotKeys } = uploadPayload(recording);
  if (events.length === 0) return { ok: false, error: 'There are no steps to upload.' };
  const form = new FormData();
  form.append(CAPTURE_EVENTS_FIELD, JSON.stringify(events));
  for (const [index, key] of screenshotKeys.entries()) {
    const blob = await getScreenshot(key);
    if (!blob) return { ok: false, error: 'A screenshot of this recording is missing. Discard it and record again.' };
    form.append(CAPTURE_SCREENSHOTS_FIELD, blob, `screenshot-${String(index + 1).padStart(3, '0')}.png`);
  }
  let response: Response;
  try {
    response = await fetch(`${settings.server}${captureUploadPath}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.token}`, [generationIdHeader]: recording.id, ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}) },
      body: form,
    });
  } catch {
    return { ok: false, error: `Could not reach ${settings.server}. Check the address and your connection, then try again.` };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorMessage(response.status, body);
    // A token disconnected in Settings is forgotten here too: the popup asks for a new code.
    if (response.status === 401) await saveSettings({ token: '', connectedAs: '', connectMessage: error });
    return { ok: false, error };
  }
  const answer = body as { id?: unknown; sop?: { id?: unknown }; sopId?: unknown } | null;
  const id = [answer?.id, answer?.sop?.id, answer?.sopId].find((value): value is string => typeof value === 'string' && value.length > 0);
  if (!id) return { ok: false, error: 'The server answered without an SOP.' };
  const url = `${settings.server}/sop/${encodeURIComponent(id)}`;
  await saveSettings({ workspaceId: workspaceId ?? '' });
  await discard();
  await chrome.tabs.create({ url });
  return { ok: true, url };
}

/** Where a capture may go: the workspaces in which the user may create SOPs (an older server: none listed). */
async function workspaces(): Promise<PopupAnswer> {
  const settings = await loadSettings();
  if (!settings.server || !settings.token) return { ok: true, workspaces: [] };
  const listed = await ask<CaptureWorkspace[]>(settings.server, captureWorkspacesPath, { headers: { Authorization: `Bearer ${settings.token}` } });
  if (!listed.ok) return { ok: true, workspaces: [] };
  return { ok: true, workspaces: listed.body.map(({ id, name, personal }) => ({ id, name, personal })) };
}

// ——— Connecting ———

type Reached<T> = { ok: true; body: T } | { ok: false; status: number; message: string } | { ok: false; status: 0 };

/** A JSON request to the server; status 0 when it could not be reached (offline, or no permission and no CORS). */
async function ask<T>(server: string, path: string, init: RequestInit): Promise<Reached<T>> {
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, { ...init, cache: 'no-store' });
  } catch {
    return { ok: false, status: 0 };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, body: body as T };
  const message = (body as { message?: unknown } | null)?.message;
  return { ok: false, status: response.status, message: Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : `The server answered ${response.status}.` };
}

/**
 * Trades a connect code for the extension's token (or checks a pasted token) and keeps it. Left
 * waiting when the server cannot be reached: the popup has asked Chrome for access to it, and
 * the permission's arrival (chrome.permissions.onAdded) tries again.
 */
async function connect(server: string, secret: string): Promise<PopupAnswer> {
  await chrome.storage.session.set({ [PENDING_CONNECT_KEY]: { server, secret } });
  const code = isConnectCode(secret);
  let token = secret.trim();
  if (code) {
    const name = browserName((navigator as Navigator & { userAgentData?: { brands?: { brand: string }[]; platform?: string } }).userAgentData);
    const redeemed = await ask<{ token?: string }>(server, CONNECTIONS_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: token.toUpperCase(), name }) });
    if (!redeemed.ok) return connectFailed(server, redeemed);
    token = redeemed.body.token ?? '';
    if (!token) return connectFailed(server, { ok: false, status: 500, message: 'The server answered without a token.' });
  }
  // Whose SOPs the token makes; a pasted token must pass this check, a token just traded for a code has.
  const whoAmI = await ask<{ email?: string }>(server, CONNECTION_PATH, { headers: { Authorization: `Bearer ${token}` } });
  if (!whoAmI.ok && !code) return connectFailed(server, whoAmI);
  await chrome.storage.session.remove(PENDING_CONNECT_KEY);
  await saveSettings({ server, token, connectedAs: whoAmI.ok ? (whoAmI.body.email ?? '') : '', connectMessage: '' });
  return { ok: true };
}

async function connectFailed(server: string, reached: Reached<unknown> & { ok: false }): Promise<PopupAnswer> {
  if (reached.status === 0) {
    const message = `Could not reach ${server}. If Chrome asks, allow the extension to reach it; else check the address.`;
    await saveSettings({ server, token: '', connectedAs: '', connectMessage: message });
    return { ok: false, error: message };
  }
  await chrome.storage.session.remove(PENDING_CONNECT_KEY);
  const message = reached.status === 404 ? `${server} does not look like a Sopwright server (no ${CONNECTIONS_PATH}).` : 'message' in reached ? reached.message : 'Connecting failed.';
  await saveSettings({ server, token: '', connectedAs: '', connectMessage: message });
  return { ok: false, error: message };
}

chrome.permissions.onAdded.addListener((granted) => {
  void (async () => {
    const pending = (await chrome.storage.session.get(PENDING_CONNECT_KEY))[PENDING_CONNECT_KEY] as { server: string; secret: string } | undefined;
    if (pending && (granted.origins ?? []).some((origin) => origin === '<all_urls>' || origin.startsWith(pending.server))) await connect(pending.server, pending.secret);
  })();
});

async function onPopup(message: PopupMessage): Promise<PopupAnswer> {
  switch (message.type) {
    case 'start':
      return start(message.tabId);
    case 'attach':
      return attach(message.tabId);
    case 'pause':
      return setStatus('paused');
    case 'resume':
      return setStatus('recording');
    case 'stop':
      return setStatus('stopped');
    case 'note':
      return note(message.text, message.tabId);
    case 'delete-step':
      await change((recording) => ({ next: recording && deleteEvents(recording, message.events), result: undefined }));
      return { ok: true };
    case 'keep-value':
      await change((recording) => ({ next: recording && keepValues(recording, message.events, message.keep), result: undefined }));
      return { ok: true };
    case 'discard':
      return discard();
    case 'upload':
      return upload(message.workspaceId);
    case 'workspaces':
      return workspaces();
    case 'connect':
      return connect(message.server, message.secret);
    default:
      return { ok: false, error: 'Unknown command.' };
  }
}

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  // Commands come from the extension's own pages only (the popup); content scripts only report.
  const fromExtensionPage = sender.url?.startsWith(chrome.runtime.getURL('')) ?? false;
  const handled = fromExtensionPage ? onPopup(message as PopupMessage) : isContentMessage(message) ? onContent(message, sender) : Promise.resolve(undefined);
  handled.then(reply, (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }));
  return true;
});

// ——— Tabs ———

chrome.tabs.onUpdated.addListener((tabId, info) => {
  if (info.status !== 'complete') return;
  void read().then(async (recording) => {
    if (!recording || recording.status === 'stopped' || !recording.tabs.includes(tabId)) return;
    if (await inject(tabId)) return;
    const tab = await chrome.tabs.get(tabId).catch(() => null);
    if (tab?.active)
      await change((current) => ({
        next: current && { ...current, notice: 'The extension may not see the page now showing. Click the Sopwright Capture button on that page to go on recording there.' },
        result: undefined,
      }));
  });
});

chrome.tabs.onCreated.addListener((tab) => {
  if (tab.id === undefined || tab.openerTabId === undefined) return;
  const [id, opener] = [tab.id, tab.openerTabId];
  void change((recording) => ({
    next: recording && recording.status !== 'stopped' && recording.tabs.includes(opener) && !recording.tabs.includes(id) ? { ...recording, tabs: [...recording.tabs, id] } : recording,
    result: undefined,
  }));
});

chrome.tabs.onRemoved.addListener((tabId) => {
  void change((recording) => ({ next: recording && recording.tabs.includes(tabId) ? { ...recording, tabs: recording.tabs.filter((tab) => tab !== tabId) } : recording, result: undefined }));
});

chrome.tabs.onActivated.addListener(({ tabId }) => {
  void (async () => {
    const recording = await read();
    if (!recording || recording.status !== 'recording' || !recording.tabs.includes(tabId) || recording.activeTab === tabId) return;
    const raw = await chrome.tabs.sendMessage<RawPage>(tabId, { type: 'page-info' } satisfies BackgroundMessage, { frameId: 0 }).catch(() => null);
    const settings = await loadSettings();
    if (!raw || isExcluded(raw.url, settings.excludedSites)) return;
    const page = cleanPage(raw, settings);
    await record({ kind: 'navigate', at: Date.now(), tab: tabId, page, via: 'tab' }, { shot: capturer.request({ tabId }), box: null });
  })();
});

chrome.runtime.onStartup.addListener(() => {
  // A new browser session: the recording (session storage) is gone, so are its screenshots.
  void clearScreenshots();
  void showBadge(null);
});

void read().then(showBadge);
