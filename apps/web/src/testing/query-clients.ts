import type { QueryClient } from '@tanstack/react-query';

const liveClients = new Set<QueryClient>();

/** Remembers a test's query client so the shared teardown can stop its queries (see test/setup.ts). */
export function trackQueryClient(client: QueryClient): QueryClient {
  liveClients.add(client);
  return client;
}

/** Cancels what tests left running, so no query settles after jsdom is gone. */
export async function stopTrackedQueryClients(): Promise<void> {
  for (const client of liveClients) {
    await client.cancelQueries();
    client.clear();
  }
  liveClients.clear();
}
