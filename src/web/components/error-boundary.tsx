import { Component, type ReactNode } from 'react';
import { TriangleAlertIcon } from 'lucide-react';

import { PageMessage } from './page-message';
import { Button } from './ui/button';

/**
 * Last line of defence for render errors, including a screen's code chunk failing to load after a deploy:
 * the user gets a way out (reload) instead of a blank page. React itself logs the error.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <PageMessage
        icon={<TriangleAlertIcon />}
        title="Something went wrong"
        action={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
      >
        FleetClaims hit an unexpected problem showing this page. Reloading usually fixes it; if it keeps
        happening, please tell your administrator.
      </PageMessage>
    );
  }
}
