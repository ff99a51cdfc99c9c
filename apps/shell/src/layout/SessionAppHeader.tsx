import { AppHeader } from '@sopwright/ui';
import { can, clearSession, sopwrightApi, useCurrentWorkspace, useLogoutMutation, useSession, useNavigate } from '@sopwright/web-client';
import { useDispatch } from 'react-redux';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

/** The app header wired to the session: the workspace switcher, the email, logging out. */
export function SessionAppHeader() {
  const { user } = useSession();
  const { workspace } = useCurrentWorkspace();
  const [logout] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const handleLogout = async () => {
    // The server call only clears the cookie; logging out locally must not depend on it.
    await logout().unwrap().catch(() => undefined);
    navigate('/', { replace: true });
    clearSession();
    // The next user on this browser must not see this user's cached data.
    dispatch(sopwrightApi.util.resetApiState());
  };

  return (
    <AppHeader
      email={user?.email ?? null}
      onLogout={handleLogout}
      workspaceSwitcher={<WorkspaceSwitcher />}
      // A viewer may not create SOPs in the workspace: no "New SOP" that the server would refuse.
      canCreate={!workspace || can(workspace.role, 'sop.create')}
    />
  );
}
