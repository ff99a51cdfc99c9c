/**
 * The parts of the extension APIs this extension uses, typed by hand from Chrome's reference
 * (developer.chrome.com/docs/extensions/reference) rather than pulling in @types/chrome.
 * Promise forms only (Manifest V3).
 */
declare namespace chrome {
  interface ChromeEvent<Listener extends (...args: never[]) => unknown> {
    addListener(listener: Listener): void;
    removeListener(listener: Listener): void;
  }

  namespace runtime {
    interface MessageSender {
      tab?: tabs.Tab;
      frameId?: number;
      url?: string;
      id?: string;
      documentId?: string;
    }
    const id: string;
    const lastError: { message?: string } | undefined;
    function getURL(path: string): string;
    function getManifest(): { version: string; name: string };
    function sendMessage<Response = unknown>(message: unknown): Promise<Response>;
    const onMessage: ChromeEvent<(message: unknown, sender: MessageSender, sendResponse: (response?: unknown) => void) => boolean | undefined | void>;
    const onStartup: ChromeEvent<() => void>;
    const onInstalled: ChromeEvent<(details: { reason: string }) => void>;
  }

  namespace tabs {
    interface Tab {
      id?: number;
      windowId: number;
      active: boolean;
      openerTabId?: number;
      /** Only with a host permission or activeTab for the tab. */
      url?: string;
      title?: string;
      status?: 'loading' | 'complete' | 'unloaded';
    }
    interface TabChangeInfo {
      status?: 'loading' | 'complete' | 'unloaded';
      url?: string;
      title?: string;
    }
    const TAB_ID_NONE: -1;
    function get(tabId: number): Promise<Tab>;
    /** The tab this extension page runs in; undefined in a popup or the service worker. */
    function getCurrent(): Promise<Tab | undefined>;
    function query(query: { active?: boolean; currentWindow?: boolean; lastFocusedWindow?: boolean; windowId?: number }): Promise<Tab[]>;
    function create(properties: { url: string; active?: boolean }): Promise<Tab>;
    function captureVisibleTab(windowId: number, options: { format?: 'png' | 'jpeg'; quality?: number }): Promise<string>;
    function sendMessage<Response = unknown>(tabId: number, message: unknown, options?: { frameId?: number; documentId?: string }): Promise<Response>;
    const onUpdated: ChromeEvent<(tabId: number, changeInfo: TabChangeInfo, tab: Tab) => void>;
    const onActivated: ChromeEvent<(info: { tabId: number; windowId: number }) => void>;
    const onCreated: ChromeEvent<(tab: Tab) => void>;
    const onRemoved: ChromeEvent<(tabId: number, info: { windowId: number; isWindowClosing: boolean }) => void>;
  }

  namespace scripting {
    interface InjectionResult<T = unknown> {
      frameId: number;
      result?: T;
    }
    function executeScript(injection: { target: { tabId: number; allFrames?: boolean; frameIds?: number[] }; files: string[] }): Promise<InjectionResult[]>;
  }

  namespace storage {
    interface StorageArea {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    interface StorageChange {
      oldValue?: unknown;
      newValue?: unknown;
    }
    const local: StorageArea;
    const session: StorageArea;
    const onChanged: ChromeEvent<(changes: Record<string, StorageChange>, areaName: 'local' | 'session' | 'sync' | 'managed') => void>;
  }

  namespace action {
    function setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
    function setBadgeBackgroundColor(details: { color: string; tabId?: number }): Promise<void>;
    function setTitle(details: { title: string; tabId?: number }): Promise<void>;
  }

  namespace permissions {
    interface Permissions {
      origins?: string[];
      permissions?: string[];
    }
    function request(permissions: Permissions): Promise<boolean>;
    function contains(permissions: Permissions): Promise<boolean>;
    function remove(permissions: Permissions): Promise<boolean>;
    const onAdded: ChromeEvent<(permissions: Permissions) => void>;
  }
}
