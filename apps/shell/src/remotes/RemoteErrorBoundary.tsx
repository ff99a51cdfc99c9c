import { Component, type ReactNode } from 'react';
import { RemoteLoadError } from './RemoteLoadError';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote page that throws while rendering, so the shell never goes blank. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) return <RemoteLoadError error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
