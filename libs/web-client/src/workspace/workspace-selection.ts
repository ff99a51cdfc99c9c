import type { Workspace } from '@sopwright/contracts';
import { WORKSPACE_HEADER, workspaceMessages } from './workspace-rules';
import { workspaceSelection } from './workspace-store';

export { WORKSPACE_KEY, createWorkspaceSelection, workspaceSelection, type WorkspaceSelection } from './workspace-store';

export const getCurrentWorkspaceId = (): string | null => workspaceSelection.get();

/**
 * The header naming the current workspace, for requests made outside RTK Query (uploads with
 * progress through XMLHttpRequest): empty in the personal workspace.
 */
export function workspaceHeaders(): Record<string, string> {
  const workspaceId = getCurrentWorkspaceId();
  return workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};
}

/**
 * The workspace the app works in: the chosen one when the user is (still) in it, else their
 * personal one. Undefined only while the list is not there.
 */
export function resolveCurrentWorkspace(workspaces: readonly Workspace[] | undefined, chosenId: string | null): Workspace | undefined {
  if (!workspaces || workspaces.length === 0) return undefined;
  return (chosenId ? workspaces.find((workspace) => workspace.id === chosenId) : undefined) ?? workspaces.find((workspace) => workspace.personal) ?? workspaces[0];
}

/** The path of a request as RTK Query's base query receives it. */
export function requestPath(args: string | { url: string }): string {
  const url = typeof args === 'string' ? args : args.url;
  return url.split(/[?#]/)[0] ?? url;
}

const workspaceRoute = /^\/api\/workspaces\/([^/]+)/;

/**
 * Whether an answer says the user is no longer in the workspace the request was sent for
 * (`sentId`, in the header): 404 'Workspace not found' from a route that works in the header's
 * workspace, or from a /api/workspaces/:id route about that same workspace. The same 404 about
 * another workspace named in the path says nothing about the current one.
 */
export function isLostWorkspaceAnswer(error: unknown, path: string, sentId: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 404 || typeof data !== 'object' || data === null || (data as { message?: unknown }).message !== workspaceMessages.notFound) return false;
  const named = workspaceRoute.exec(path)?.[1];
  return named === undefined || decodeURIComponent(named).toLowerCase() === sentId.toLowerCase();
}

/**
 * The list as the server will answer it once `workspace` is in it (joined or created): the
 * personal workspace first, then the teams by name. Lets the switcher show a new workspace at
 * once instead of loading the list again.
 */
export function withWorkspace(workspaces: readonly Workspace[], workspace: Workspace): Workspace[] {
  const others = workspaces.filter((candidate) => candidate.id !== workspace.id);
  const teams = [...others.filter((candidate) => !candidate.personal), ...(workspace.personal ? [] : [workspace])];
  teams.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
  return [...others.filter((candidate) => candidate.personal), ...(workspace.personal ? [workspace] : []), ...teams];
}
