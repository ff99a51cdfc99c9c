import { AppHeader } from '@sopwright/ui';
import { clearSession, sopwrightApi, useLogoutMutation, useSession, useNavigate } from '@sopwright/web-client';
import { useDispatch } from 'react-redux';

/** The app header wired to the session: shows the email, logs out. */
export function SessionAppHeader() {
  const { user } = useSession();
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

  return <AppHeader email={user?.email ?? null} onLogout={handleLogout} />;
}
