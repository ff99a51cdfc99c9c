import { Route, Routes } from '@sopwright/web-client/base';
import { RouteGate } from './RouteGate';
import { notFoundRoute, routeTable } from './route-table';

export function AppRoutes() {
  return (
    <Routes>
      {[...routeTable, notFoundRoute].map((route) => (
        <Route key={route.path} path={route.path} element={<RouteGate route={route} />} />
      ))}
    </Routes>
  );
}
