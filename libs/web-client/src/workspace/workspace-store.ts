/**
 * The current workspace's id, remembered: no other imports, as the session module (on the
 * landing page's first load) forgets it on logout.
 */
/** Where the workspace last chosen is remembered, for the next visit and new tabs. */
export const WORKSPACE_KEY = 'sopwright.workspace';

type Listener = () => void;

export interface WorkspaceSelection {
  /** The id of the team workspace the app works in, or null for the personal one. */
  get(): string | null;
  /** Chooses a team workspace (its id), or the personal one (null). */
  set(workspaceId: string | null): void;
  /** Called after every change. */
  subscribe(listener: Listener): () => void;
  /** Forgets the choice in memory only (storage already cleared), e.g. when the session ends. */
  forget(): void;
}

/**
 * The current workspace: read from storage once, then kept in memory, so each tab stays in the
 * workspace it shows (another tab switching does not move this one's requests elsewhere), and
 * written back on every change so a new tab or a reload opens where the user last was.
 */
export function createWorkspaceSelection(storage: () => Storage | undefined): WorkspaceSelection {
  let current: string | null | undefined;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get() {
      if (current === undefined) current = storage()?.getItem(WORKSPACE_KEY) || null;
      return current;
    },
    set(workspaceId) {
      const next = workspaceId || null;
      const store = storage();
      if (next) store?.setItem(WORKSPACE_KEY, next);
      else store?.removeItem(WORKSPACE_KEY);
      if (next === current) return;
      current = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget() {
      if (current === null) return;
      current = null;
      notify();
    },
  };
}

/** The browser's selection, in its localStorage. */
export const workspaceSelection = createWorkspaceSelection(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
