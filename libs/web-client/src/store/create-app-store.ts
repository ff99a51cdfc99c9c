import { configureStore } from '@reduxjs/toolkit';
import { sopwrightApi } from '../api/sopwright-api';

/** The shell creates the one store; remotes reach it through react-redux's context. */
export function createAppStore() {
  return configureStore({
    reducer: { [sopwrightApi.reducerPath]: sopwrightApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sopwrightApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
