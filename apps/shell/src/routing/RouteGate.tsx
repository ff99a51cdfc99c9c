import { usePrefetchSopSummaries, useSession, Navigate } from '@sopwright/web-client';
import { useEffect } from 'react';
import { PageChrome } from '../layout/PageChrome';
import { pageElements } from './page-elements';
import { redirectFor, type AppRoute } from './route-table';

/** Applies a route's access rule, then renders its page inside its header. */
export function RouteGate({ route }: { route: AppRoute }) {
  const { isLoggedIn } = useSession();
  const prefetchSummaries = usePrefetchSopSummaries();
  const redirect = redirectFor(route.access, isLoggedIn);
  // The dashboard's list is asked for now, beside loading the dashboard's own code, not after it.
  useEffect(() => {
    if (!redirect && isLoggedIn && route.page === 'dashboard') prefetchSummaries(undefined);
  }, [redirect, isLoggedIn, route.page, prefetchSummaries]);
  if (redirect) return <Navigate to={redirect} replace />;
  return <PageChrome kind={route.chrome}>{pageElements[route.page]}</PageChrome>;
}
