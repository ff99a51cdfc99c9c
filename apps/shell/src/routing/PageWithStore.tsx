import { createAppStore, usePrefetchSopSummaries, useSession } from '@sopwright/web-client';
import { useEffect } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PageChrome } from '../layout/PageChrome';
import { pageElements } from './page-elements';
import type { AppRoute } from './route-table';

/** The one store, created with the first page that needs it; it outlives visits to the landing page. */
const store = createAppStore();

/** The dashboard's list is asked for now, beside loading the dashboard's own code, not after it. */
function DashboardPrefetch() {
  const { isLoggedIn } = useSession();
  const prefetchSummaries = usePrefetchSopSummaries();
  useEffect(() => {
    if (isLoggedIn) prefetchSummaries(undefined);
  }, [isLoggedIn, prefetchSummaries]);
  return null;
}

/** A page other than the landing page (RouteGate has applied its access rule), in the store and its header. */
export default function PageWithStore({ route }: { route: AppRoute }) {
  return (
    <ReduxProvider store={store}>
      {route.page === 'dashboard' && <DashboardPrefetch />}
      <PageChrome kind={route.chrome}>{pageElements[route.page]}</PageChrome>
    </ReduxProvider>
  );
}
