import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page.tsx';

type State = { failed: boolean };

/**
 * Keeps the header on screen when a page throws while rendering or its code cannot be
 * downloaded (`fallback` in place of the error page). Give it `key={pathname}` so moving to
 * another page tries again.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode },
  State
> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render.', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? <RouteErrorPage />) : this.props.children;
  }
}
