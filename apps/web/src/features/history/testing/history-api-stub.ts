import type { ContentGeneration, SavedContent } from '@app/shared/history';
import { jsonResponse, pagedResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubApi } from '../../../testing/auth-api-stub';

type Answer = Response | ((call: FetchCall) => Response | Promise<Response>);

function matches(item: ContentGeneration, query: URLSearchParams): boolean {
  const search = query.get('search')?.toLowerCase();
  const platform = query.get('platform');
  const type = query.get('type');
  if (platform && item.platform !== platform) return false;
  if (type && item.generationType !== type) return false;
  if (!search) return true;
  return [...item.titles, item.content, item.subreddit ?? ''].some((text) =>
    text.toLowerCase().includes(search),
  );
}

const queryOf = (call: FetchCall) => new URL(call.path, 'http://localhost').searchParams;

/**
 * Answers the history list (filters, limit, cursor) and its counters the way the API does, from
 * a mutable array, so deletes and additions show in later answers.
 */
export function stubHistoryApi(
  items: ContentGeneration[],
  extra: Record<string, Answer> = {},
  saved: SavedContent[] = [],
) {
  return stubApi({
    'GET /api/content-generations': (call) =>
      pagedResponse(
        items.filter((item) => matches(item, queryOf(call))),
        call,
      ),
    'GET /api/content-generations/stats': (call) =>
      jsonResponse({
        total: items.length,
        aiGenerated: items.filter((item) => item.generationType === 'ai').length,
        redditPosts: items.filter((item) => item.platform === 'reddit').length,
        filtered: items.filter((item) => matches(item, queryOf(call))).length,
      }),
    'GET /api/saved-content': () => jsonResponse(saved),
    ...extra,
  });
}

/** The query strings sent to one path, in order. */
export function queriesTo(fetchMock: ReturnType<typeof stubApi>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
