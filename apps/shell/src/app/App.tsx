import { ChakraProvider, Toaster, system } from '@sopwright/ui/base';
import { BrowserRouter } from '@sopwright/web-client/base';
import { RouteFocus } from '../a11y/RouteFocus';
import { AppRoutes } from '../routing/AppRoutes';

/**
 * The Redux store is not here: every page but the landing page renders inside it
 * (routing/PageWithStore.tsx, loaded with Redux Toolkit when first needed), so the landing
 * page loads without it.
 */
export function App() {
  return (
    <ChakraProvider value={system}>
      {/* Location updates must not lag behind session updates (always synchronous), or
          logging out would first render the protected page without a session. */}
      <BrowserRouter useTransitions={false}>
        <RouteFocus />
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </ChakraProvider>
  );
}
