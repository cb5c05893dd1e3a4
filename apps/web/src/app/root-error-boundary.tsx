import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { shellTexts } from '@app/shared/messages';
import { Button } from '../components/ui/button';

interface State {
  failed: boolean;
}

/**
 * Last line of defence around the whole app (docs/product.md#pages-and-navigation, "Other"): if the providers or the router
 * themselves fail, show 'Loading Error' instead of a blank page. Page errors never reach here;
 * the router's error page handles them.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app failed to start', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadingErrorPage />;
  }
}

export function LoadingErrorPage() {
  return (
    <section role="alert" className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{shellTexts.rootLoadingError}</h1>
      <p className="mt-3 max-w-md text-zinc-600 dark:text-zinc-400">
        Creator Studio could not start. Check your internet connection, then refresh the page.
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" /> {shellTexts.refresh}
      </Button>
    </section>
  );
}
