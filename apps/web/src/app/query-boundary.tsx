import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

let visitorClient: QueryClient | null = null;

/**
 * The query client for visitors' pages (decision 033): one for the whole visit, created when the
 * first page needing it opens. Under the signed-in shell's provider it renders its children as is.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  visitorClient ??= createQueryClient();
  return <QueryClientProvider client={visitorClient}>{children}</QueryClientProvider>;
}
