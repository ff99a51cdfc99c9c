import { stepsFromCapture, type CaptureStep, type TextPart } from '@sopwright/capture';
import type { PopupAnswer, PopupMessage } from '../shared/messages';
import { eventsForSteps, hasTypedValue, isValueKept, type Recording } from '../shared/recording';
import { getScreenshot } from '../shared/screenshot-db';
import { loadSettings, RECORDING_KEY, saveSettings, SETTINGS_KEY, type Settings } from '../shared/settings';
import { addSite, serverOrigin, siteOf } from '../shared/sites';

/**
 * The popup: Start / Pause / Resume / Stop, the step counter and notes while recording; after
 * Stop, the review (steps with their screenshots, each deletable, typed values offered for
 * opt-in) and Upload; the connection, excluded sites, options and what the extension may do.
 */

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const ui = {
  status: $('status'),
  error: $('error'),
  notice: $('notice'),
  start: $<HTMLButtonElement>('start'),
  pause: $<HTMLButtonElement>('pause'),
  resume: $<HTMLButtonElement>('resume'),
  stop: $<HTMLButtonElement>('stop'),
  counter: $('counter'),
  stepCount: $('step-count'),
  stepWord: $('step-word'),
  noteForm: $<HTMLFormElement>('note-form'),
  note: $<HTMLTextAreaElement>('note'),
  review: $('review'),
  reviewHeading: $('review-heading'),
  steps: $<HTMLOListElement>('steps'),
  upload: $<HTMLButtonElement>('upload'),
  workspaceField: $('workspace-field'),
  workspace: $<HTMLSelectElement>('workspace'),
  discard: $<HTMLButtonElement>('discard'),
  connectionState: $('connection-state'),
  connectForm: $<HTMLFormElement>('connect-form'),
  server: $<HTMLInputElement>('server'),
  token: $<HTMLInputElement>('token'),
  disconnect: $<HTMLButtonElement>('disconnect'),
  siteList: $<HTMLUListElement>('site-list'),
  siteForm: $<HTMLFormElement>('site-form'),
  site: $<HTMLInputElement>('site'),
  excludeCurrent: $<HTMLButtonElement>('exclude-current'),
  keepQuery: $<HTMLInputElement>('keep-query'),
  keepFragment: $<HTMLInputElement>('keep-fragment'),
  allSites: $<HTMLInputElement>('all-sites'),
};

let recording: Recording | null = null;
let settings: Settings | null = null;
/** The tab the popup was opened on (not the popup itself when it is opened as a page). */
let currentTab: chrome.tabs.Tab | null = null;
let busy = false;
const thumbnails = new Map<string, string>();

function showError(message: string | undefined): void {
  ui.error.textContent = message ?? '';
  ui.error.hidden = !message;
}

async function command(message: PopupMessage): Promise<PopupAnswer> {
  showError(undefined);
  const answer = await chrome.runtime.sendMessage<PopupAnswer>(message).catch((error: unknown) => ({ ok: false, error: String(error) }) as PopupAnswer);
  if (!answer?.ok) showError(answer?.error ?? 'Something went wrong.');
  return answer ?? { ok: false };
}

const steps = (): CaptureStep[] => (recording ? stepsFromCapture(eventsForSteps(recording)) : []);

function partsInto(element: HTMLElement, parts: readonly TextPart[]): void {
  element.replaceChildren(
    ...parts.map((part) => {
      if (typeof part === 'string') return document.createTextNode(part);
      const strong = document.createElement('strong');
      strong.textContent = part.strong;
      return strong;
    }),
  );
}

async function thumbnailUrl(key: string): Promise<string | null> {
  const known = thumbnails.get(key);
  if (known) return known;
  const blob = await getScreenshot(key).catch(() => undefined);
  if (!blob) return null;
  const url = URL.createObjectURL(blob);
  thumbnails.set(key, url);
  return url;
}

function thumbnail(step: CaptureStep, number: number): HTMLElement {
  const box = document.createElement('div');
  box.className = 'thumb';
  const shot = step.screenshot;
  const meta = shot ? recording?.screenshots[shot.index] : undefined;
  if (!shot || !meta) {
    box.setAttribute('aria-hidden', 'true');
    return box;
  }
  const image = document.createElement('img');
  image.alt = `Screenshot for step ${number}`;
  box.append(image);
  void thumbnailUrl(meta.key).then((url) => {
    if (url) image.src = url;
  });
  if (shot.box) {
    // The image is fitted (contain) into 96×60: place the highlight the same way.
    const scale = Math.min(96 / shot.width, 60 / shot.height);
    const [left, top] = [(96 - shot.width * scale) / 2, (60 - shot.height * scale) / 2];
    const mark = document.createElement('span');
    mark.className = 'highlight';
    Object.assign(mark.style, {
      left: `${left + shot.box.x * scale}px`,
      top: `${top + shot.box.y * scale}px`,
      width: `${Math.max(4, shot.box.width * scale)}px`,
      height: `${Math.max(4, shot.box.height * scale)}px`,
    });
    box.append(mark);
  }
  return box;
}

function renderReview(list: CaptureStep[]): void {
  // Re-rendered on every change: focus stays on the control that had it.
  const focused = ui.steps.contains(document.activeElement) ? document.activeElement?.id : undefined;
  ui.steps.replaceChildren(
    ...list.map((step, index) => {
      const number = index + 1;
      const item = document.createElement('li');
      item.className = 'step';
      const text = document.createElement('div');
      const title = document.createElement('p');
      const numberLabel = document.createElement('span');
      numberLabel.className = 'step-number';
      numberLabel.textContent = `${number}.`;
      const titleText = document.createElement('span');
      partsInto(titleText, step.titleParts);
      title.append(numberLabel, titleText);
      text.append(title);
      if (step.details) {
        const details = document.createElement('p');
        details.className = 'details';
        partsInto(details, step.detailParts);
        text.append(details);
      }
      if (recording && hasTypedValue(recording, step.events)) {
        const keep = document.createElement('div');
        keep.className = 'keep';
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.id = `keep-${number}`;
        box.checked = isValueKept(recording, step.events);
        box.addEventListener('change', () => void command({ type: 'keep-value', events: step.events, keep: box.checked }));
        const label = document.createElement('label');
        label.htmlFor = box.id;
        const which = document.createElement('span');
        which.className = 'visually-hidden';
        which.textContent = ` in step ${number}`;
        label.append('Include what I typed', which);
        keep.append(box, label);
        text.append(keep);
      }
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'delete';
      remove.textContent = 'Delete';
      remove.dataset.step = String(index);
      remove.id = `delete-${number}`;
      remove.setAttribute('aria-label', `Delete step ${number}: ${step.title}`);
      remove.addEventListener('click', () => {
        // Focus goes to the step that takes this one's place, or the heading after the last.
        pendingFocus = index < list.length - 1 ? index : index - 1;
        void command({ type: 'delete-step', events: step.events });
      });
      item.append(thumbnail(step, number), text, remove);
      return item;
    }),
  );
  if (pendingFocus !== null) {
    const target = pendingFocus >= 0 ? ui.steps.querySelector<HTMLElement>(`[data-step="${pendingFocus}"]`) : null;
    (target ?? ui.reviewHeading).focus();
    pendingFocus = null;
  } else if (focused) {
    document.getElementById(focused)?.focus();
  }
}

let pendingFocus: number | null = null;

function render(): void {
  const status = recording?.status;
  const list = steps();
  const count = list.length;
  const word = count === 1 ? 'step' : 'steps';
  ui.status.textContent =
    status === 'recording' ? `Recording · ${count} ${word}` : status === 'paused' ? `Paused · ${count} ${word}` : status === 'stopped' ? `Stopped · ${count} ${word}` : 'Not recording';
  ui.start.hidden = Boolean(recording);
  ui.pause.hidden = status !== 'recording';
  ui.resume.hidden = status !== 'paused';
  ui.stop.hidden = status !== 'recording' && status !== 'paused';
  ui.counter.hidden = status !== 'recording' && status !== 'paused';
  ui.stepCount.textContent = String(count);
  ui.stepWord.textContent = word;
  ui.noteForm.hidden = status !== 'recording' && status !== 'paused';
  ui.review.hidden = status !== 'stopped';
  const full = recording?.full === 'events' ? 'The recording is full (500 events): stop and upload it.' : recording?.full === 'screenshots' ? 'The last steps have no screenshot (100 is the most one upload takes).' : '';
  const notice = [recording?.notice, full].filter(Boolean).join(' ');
  ui.notice.textContent = notice;
  ui.notice.hidden = !notice;
  if (status === 'stopped') renderReview(list);
  ui.upload.disabled = busy || count === 0;
  ui.upload.textContent = busy ? 'Uploading…' : 'Upload';

  if (settings) {
    const connected = Boolean(settings.server && settings.token);
    ui.connectionState.textContent = connected
      ? `Connected to ${settings.server}${settings.connectedAs ? ` as ${settings.connectedAs}` : ''}.`
      : settings.connectMessage || 'Not connected: connect before you upload.';
    if (document.activeElement !== ui.server && !ui.server.value) ui.server.value = settings.server;
    ui.disconnect.hidden = !connected;
    ui.keepQuery.checked = settings.keepQuery;
    ui.keepFragment.checked = settings.keepFragment;
    ui.siteList.replaceChildren(
      ...settings.excludedSites.map((site) => {
        const item = document.createElement('li');
        const name = document.createElement('span');
        name.textContent = site;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove ${site} from excluded sites`);
        remove.addEventListener('click', () => void saveSettings({ excludedSites: settings!.excludedSites.filter((entry) => entry !== site) }).then(() => ui.site.focus()));
        item.append(name, remove);
        return item;
      }),
    );
    const host = currentTab?.url ? siteOf(currentTab.url) : null;
    ui.excludeCurrent.hidden = !host || !/^https?:/.test(currentTab?.url ?? '') || settings.excludedSites.includes(host);
    if (host) ui.excludeCurrent.textContent = `Exclude ${host}`;
  }
}

/**
 * Offers the workspaces the capture may go to (shown when there is more than the personal one),
 * the last one chosen first selected.
 */
async function loadWorkspaces(): Promise<void> {
  const answer = await chrome.runtime.sendMessage<PopupAnswer>({ type: 'workspaces' } satisfies PopupMessage).catch(() => null);
  const listed = answer?.workspaces ?? [];
  ui.workspace.replaceChildren(
    ...listed.map((workspace) => {
      const option = document.createElement('option');
      option.value = workspace.personal ? '' : workspace.id;
      option.textContent = workspace.personal ? `${workspace.name} (only you)` : workspace.name;
      return option;
    }),
  );
  const remembered = settings?.workspaceId ?? '';
  ui.workspace.value = listed.some((workspace) => !workspace.personal && workspace.id === remembered) ? remembered : '';
  ui.workspaceField.hidden = listed.length < 2;
}

async function refresh(): Promise<void> {
  recording = ((await chrome.storage.session.get(RECORDING_KEY))[RECORDING_KEY] as Recording | undefined) ?? null;
  settings = await loadSettings();
  render();
}

// ——— Controls ———

ui.start.addEventListener('click', () => {
  if (!currentTab?.id) return showError('Open the page you want to record, then click the Sopwright Capture button there.');
  void command({ type: 'start', tabId: currentTab.id });
});
ui.pause.addEventListener('click', () => void command({ type: 'pause' }).then(() => ui.resume.focus()));
ui.resume.addEventListener('click', () => void command({ type: 'resume' }).then(() => ui.pause.focus()));
ui.stop.addEventListener('click', () => void command({ type: 'stop' }).then(() => ui.reviewHeading.focus()));
ui.noteForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void command({ type: 'note', text: ui.note.value, ...(currentTab?.id !== undefined ? { tabId: currentTab.id } : {}) }).then((answer) => {
    if (answer.ok) ui.note.value = '';
  });
});
/** Discarding takes a second press within 5 s (no dialog: a popup closes around one). */
let discardArmed: ReturnType<typeof setTimeout> | undefined;
ui.discard.addEventListener('click', () => {
  if (discardArmed === undefined) {
    ui.discard.textContent = 'Press again to discard';
    discardArmed = setTimeout(() => {
      discardArmed = undefined;
      ui.discard.textContent = 'Discard recording';
    }, 5000);
    return;
  }
  clearTimeout(discardArmed);
  discardArmed = undefined;
  ui.discard.textContent = 'Discard recording';
  void command({ type: 'discard' }).then(() => ui.start.focus());
});
ui.upload.addEventListener('click', () => {
  busy = true;
  render();
  const workspaceId = ui.workspaceField.hidden ? '' : ui.workspace.value;
  void command({ type: 'upload', ...(workspaceId ? { workspaceId } : {}) }).then((answer) => {
    busy = false;
    if (answer.ok) ui.status.textContent = 'Uploaded. Opening your SOP…';
    render();
  });
});

ui.connectForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const origin = serverOrigin(ui.server.value);
  const token = ui.token.value.trim();
  if (!origin) return showError('Enter your Sopwright address, e.g. https://sop.example.com.');
  if (!token) return showError('Paste the connect code from Settings in Sopwright.');
  showError(undefined);
  ui.token.value = '';
  // The background trades the code for a token (or checks a pasted token) and keeps it: Chrome's
  // question below closes the popup, and the background carries on without it.
  void chrome.runtime.sendMessage<PopupAnswer | undefined>({ type: 'connect', server: origin, secret: token } satisfies PopupMessage).then((answer) => {
    if (answer && !answer.ok) showError(answer.error);
  });
  // Access to that address only, asked while the click counts as the user's (Chrome requires
  // it), so requests need no CORS; if refused, the server must allow the extension's origin.
  chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
});
// Forgets the token here; Settings in Sopwright disconnects it for good.
ui.disconnect.addEventListener('click', () => void saveSettings({ token: '', connectedAs: '', connectMessage: '' }).then(() => ui.token.focus()));

ui.siteForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const next = settings && addSite(settings.excludedSites, ui.site.value);
  if (!next) return showError('Enter a site such as bank.example.com.');
  showError(undefined);
  void saveSettings({ excludedSites: next }).then(() => {
    ui.site.value = '';
  });
});
ui.excludeCurrent.addEventListener('click', () => {
  const next = settings && currentTab?.url ? addSite(settings.excludedSites, currentTab.url) : null;
  if (next) void saveSettings({ excludedSites: next }).then(() => ui.site.focus());
});
ui.keepQuery.addEventListener('change', () => void saveSettings({ keepQuery: ui.keepQuery.checked }));
ui.keepFragment.addEventListener('change', () => void saveSettings({ keepFragment: ui.keepFragment.checked }));
ui.allSites.addEventListener('change', () => {
  const origins = ['<all_urls>'];
  const asked = ui.allSites.checked ? chrome.permissions.request({ origins }) : chrome.permissions.remove({ origins }).then((removed) => !removed);
  void asked.then(
    (granted) => (ui.allSites.checked = granted),
    () => (ui.allSites.checked = false),
  );
});

chrome.storage.onChanged.addListener((changes, area) => {
  if ((area === 'session' && RECORDING_KEY in changes) || (area === 'local' && SETTINGS_KEY in changes)) void refresh();
});
window.addEventListener('unload', () => thumbnails.forEach((url) => URL.revokeObjectURL(url)));

async function main(): Promise<void> {
  // Opened as a page of a tab of its own (not from the toolbar), there is no page to record here.
  const own = await chrome.tabs.getCurrent();
  const [tab] = own ? [] : await chrome.tabs.query({ active: true, currentWindow: true });
  currentTab = tab ?? null;
  ui.allSites.checked = await chrome.permissions.contains({ origins: ['<all_urls>'] }).catch(() => false);
  await refresh();
  if (settings?.server && settings.token) await loadWorkspaces();
  const status = recording?.status;
  if ((status === 'recording' || status === 'paused') && currentTab?.id !== undefined) await command({ type: 'attach', tabId: currentTab.id });
  if (!settings?.server || !settings.token) (document.getElementById('connection') as HTMLDetailsElement).open = !recording;
  (status === 'stopped' ? ui.reviewHeading : status ? ui.stop : ui.start).focus();
  document.body.dataset.ready = 'true';
}

void main();
