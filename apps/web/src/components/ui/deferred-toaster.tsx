import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { loadSonner, onToastRequested, toasterGone, toasterReady } from './toast';

type ToasterProps = ComponentProps<typeof SonnerToaster>;

const LazyToaster = lazy(async () => {
  const module = await loadSonner();
  function ListeningToaster(props: ToasterProps) {
    // Runs after the Toaster's own effect subscribed it, so queued toasts are not lost.
    useEffect(() => {
      toasterReady(module);
      return () => toasterGone(module);
    }, []);
    return <module.Toaster {...props} />;
  }
  return { default: ListeningToaster };
});

/** sonner's Toaster, mounted when the first toast is wanted or once the page is idle (decision 033). */
export function DeferredToaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stop = onToastRequested(() => setWanted(true));
    const idle = window.setTimeout(() => setWanted(true), 2000);
    return () => {
      stop();
      window.clearTimeout(idle);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
