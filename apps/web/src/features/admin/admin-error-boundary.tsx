import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A screen that fails to load or render shows a message; the rest of the console keeps working. */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="py-4">
        <h1 className="h4">This screen could not be shown</h1>
        <p>Reload the page to try again.</p>
        <button type="button" className="btn btn-success" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
