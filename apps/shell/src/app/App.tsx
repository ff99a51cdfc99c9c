import { ChakraProvider, Toaster, system } from '@sopwright/ui';
import { createAppStore, BrowserRouter } from '@sopwright/web-client';
import { Provider as ReduxProvider } from 'react-redux';
import { RouteFocus } from '../a11y/RouteFocus';
import { AppRoutes } from '../routing/AppRoutes';

const store = createAppStore();

export function App() {
  return (
    <ChakraProvider value={system}>
      <ReduxProvider store={store}>
        {/* Location updates must not lag behind session updates (always synchronous), or
            logging out would first render the protected page without a session. */}
        <BrowserRouter useTransitions={false}>
          <RouteFocus />
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </ReduxProvider>
    </ChakraProvider>
  );
}
