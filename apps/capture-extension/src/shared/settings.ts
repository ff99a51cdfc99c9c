/** What the user sets in the popup, in chrome.storage.local (kept on this computer only). */
export interface Settings {
  /** The Sopwright server's origin, e.g. https://sop.example.com. */
  server: string;
  /** The extension's token (traded for the connect code, or pasted); sent only to `server`. */
  token: string;
  /** Whose SOPs the token makes, as the server said when connecting (shown in the popup). */
  connectedAs: string;
  /** Why the last Connect did not work, or that it waits for Chrome's permission; '' otherwise. */
  connectMessage: string;
  /** Hosts never recorded (see sites.ts). */
  excludedSites: string[];
  /** Keep query strings (`?…`) and fragments (`#…`) in recorded addresses. Off by default. */
  keepQuery: boolean;
  keepFragment: boolean;
  /** The workspace the last capture was saved to ('' : the personal one). */
  workspaceId: string;
}

export const defaultSettings: Settings = { server: '', token: '', connectedAs: '', connectMessage: '', excludedSites: [], keepQuery: false, keepFragment: false, workspaceId: '' };

const KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = (await chrome.storage.local.get(KEY))[KEY] as Partial<Settings> | undefined;
  return { ...defaultSettings, ...stored };
}

export async function saveSettings(change: Partial<Settings>): Promise<Settings> {
  const settings = { ...(await loadSettings()), ...change };
  await chrome.storage.local.set({ [KEY]: settings });
  return settings;
}

export const SETTINGS_KEY = KEY;
export const RECORDING_KEY = 'recording';
/** A Connect that waits for the permission to reach the server (chrome.storage.session). */
export const PENDING_CONNECT_KEY = 'pendingConnect';
