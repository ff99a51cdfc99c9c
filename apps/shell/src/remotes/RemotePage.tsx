import { useEffect, useState, type ComponentType } from 'react';
import { loadRemoteModule } from './load-remote-module';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoadError } from './RemoteLoadError';
import { RemoteLoading } from './RemoteLoading';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'failed'; error: Error };

interface RemotePageProps {
  remote: string;
  /** As the remote exposes it, e.g. './DashboardPage'. */
  module: string;
}

/** Renders a page a remote exposes; if loading or rendering fails, an error panel with a retry. */
export function RemotePage({ remote, module }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRemoteModule<{ default: ComponentType }>(remote, module).then(
      (loaded) => current && setState({ status: 'ready', Page: loaded.default }),
      (error: unknown) => current && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [remote, module, attempt]);

  const retry = () => setAttempt((count) => count + 1);

  if (state.status === 'loading') return <RemoteLoading />;
  if (state.status === 'failed') return <RemoteLoadError error={state.error} onRetry={retry} />;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <state.Page />
    </RemoteErrorBoundary>
  );
}
