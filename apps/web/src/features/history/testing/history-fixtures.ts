import type { ContentGeneration } from '@app/shared/history';

let counter = 0;

/** A history item as GET /api/content-generations returns it. */
export function makeGeneration(overrides: Partial<ContentGeneration> = {}): ContentGeneration {
  counter += 1;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    content: `Caption body ${counter}`,
    titles: [`Title ${counter}`],
    platform: 'reddit',
    generationType: 'ai',
    model: 'gpt-4o-mini',
    subreddit: null,
    createdAt: new Date(Date.UTC(2026, 2, 12, 9, 41) - counter * 60_000).toISOString(),
    hashtags: [],
    photoInstructions: null,
    ...overrides,
  };
}
