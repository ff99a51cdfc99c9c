import type { Workspace } from '@sopwright/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { sopwrightApi } from '../api/sopwright-api';
import { useListWorkspacesQuery, workspacesApi } from '../api/workspaces-api';
import { useSession } from '../session/use-session';
import { resolveCurrentWorkspace, workspaceSelection } from './workspace-selection';

/** The chosen team workspace's id (null: the personal one), as React state. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(workspaceSelection.subscribe, workspaceSelection.get, () => null);
}

export interface CurrentWorkspace {
  /** The workspace the app works in; undefined while the list loads (or failed to). */
  workspace: Workspace | undefined;
  /** The personal workspace first, then the teams. */
  workspaces: Workspace[] | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The current workspace and the user's others. A remembered workspace the user is no longer in
 * (removed, or remembered from another account) drops back to the personal one, and what was
 * read in it is read again.
 */
export function useCurrentWorkspace(): CurrentWorkspace {
  const { isLoggedIn } = useSession();
  const chosenId = useCurrentWorkspaceId();
  const switchWorkspace = useSwitchWorkspace();
  const list = useListWorkspacesQuery(undefined, { skip: !isLoggedIn });
  const gone = Boolean(chosenId && list.data && !list.isFetching && !list.data.some((workspace) => workspace.id === chosenId));

  useEffect(() => {
    if (gone && workspaceSelection.get() === chosenId) switchWorkspace(null);
  }, [gone, chosenId, switchWorkspace]);

  return {
    workspace: gone ? resolveCurrentWorkspace(list.data, null) : resolveCurrentWorkspace(list.data, chosenId),
    workspaces: list.data,
    isLoading: list.isLoading,
    isError: list.isError,
    error: list.error,
    refetch: list.refetch,
  };
}

/**
 * Makes `workspace` (null: the personal one) the current workspace: remembers it, and starts
 * every read afresh, so nothing shown belongs to the workspace left (the dashboard shows the new
 * one's SOPs). `workspaces`, when the caller knows the list as it now is, keeps the switcher
 * showing it instead of loading it again.
 */
export function useSwitchWorkspace(): (workspace: Pick<Workspace, 'id' | 'personal'> | null, workspaces?: Workspace[]) => void {
  const dispatch = useDispatch();
  return useCallback(
    (workspace, workspaces) => {
      workspaceSelection.set(workspace && !workspace.personal ? workspace.id : null);
      dispatch(sopwrightApi.util.resetApiState());
      if (workspaces) dispatch(workspacesApi.util.upsertQueryEntries([{ endpointName: 'listWorkspaces', arg: undefined, value: workspaces }]));
    },
    [dispatch],
  );
}

type Opener = () => void;
const createWorkspaceOpeners = new Set<Opener>();

/**
 * Opens the header's "Create workspace" dialog (the shell's, one for the whole app) from
 * anywhere, e.g. a remote's page. False when no header is there to open it.
 */
export function openCreateWorkspaceDialog(): boolean {
  if (createWorkspaceOpeners.size === 0) return false;
  createWorkspaceOpeners.forEach((open) => open());
  return true;
}

/** For the component that shows the dialog: `open` is called by openCreateWorkspaceDialog(). */
export function useCreateWorkspaceDialogOpener(open: Opener): void {
  useEffect(() => {
    createWorkspaceOpeners.add(open);
    return () => {
      createWorkspaceOpeners.delete(open);
    };
  }, [open]);
}
