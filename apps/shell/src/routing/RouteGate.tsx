import { useSession } from '@sopwright/web-client';
import { Navigate } from 'react-router-dom';
import { PageChrome } from '../layout/PageChrome';
import { pageElements } from './page-elements';
import { redirectFor, type AppRoute } from './route-table';

/** Applies a route's access rule, then renders its page inside its header. */
export function RouteGate({ route }: { route: AppRoute }) {
  const { isLoggedIn } = useSession();
  const redirect = redirectFor(route.access, isLoggedIn);
  if (redirect) return <Navigate to={redirect} replace />;
  return <PageChrome kind={route.chrome}>{pageElements[route.page]}</PageChrome>;
}
