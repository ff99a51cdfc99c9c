import { useLocation, useSession, Navigate } from '@sopwright/web-client/base';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../pages/landing/LandingPage';
import { RemoteLoading } from '../remotes/RemoteLoading';
import { redirectFor, type AppRoute } from './route-table';

/**
 * Every page but the landing page, inside the Redux store, with their headers: loaded on the
 * first visit to one, with Redux Toolkit, RTK Query and the signed-in pages' UI parts, which
 * the public landing page does without.
 */
const PageWithStore = lazy(() => import('./PageWithStore'));

/** Applies a route's access rule, then renders its page inside its header. */
export function RouteGate({ route }: { route: AppRoute }) {
  const { isLoggedIn } = useSession();
  const { search } = useLocation();
  const redirect = redirectFor(route.access, isLoggedIn, search);
  if (redirect) return <Navigate to={redirect} replace />;
  // The landing page has no header around it (chrome 'none') and needs no store.
  if (route.page === 'landing') return <LandingPage />;
  return (
    <Suspense fallback={<RemoteLoading />}>
      <PageWithStore route={route} />
    </Suspense>
  );
}
