import type { AiGenerateResponse, AiQuota, GeneratedContent } from '@app/shared/ai';

/** Today's quota as GET /api/ai/quota answers it: a Free user with 3 of 5 left, resetting in 5 hours. */
export function makeQuota(overrides: Partial<AiQuota> = {}): AiQuota {
  return {
    used: 2,
    limit: 5,
    remaining: 3,
    resetsAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    plan: 'free',
    ...overrides,
  };
}

export function makeResult(overrides: Partial<GeneratedContent> = {}): GeneratedContent {
  return {
    platform: 'reddit',
    variant: 1,
    titles: ['Golden hour hits different on the balcony', 'Caught the last light today'],
    body: 'Red dress, warm light, zero filters.',
    photoInstructions: 'Shoot at eye level with the sun behind you.',
    hashtags: [],
    confidence: 0.82,
    subreddit: null,
    generationId: '44444444-4444-4444-8444-444444444444',
    ...overrides,
  };
}

export function makeResponse(overrides: Partial<AiGenerateResponse> = {}): AiGenerateResponse {
  return {
    content: [makeResult()],
    model: 'gpt-test',
    tokensUsed: 420,
    cached: false,
    provider: 'openai-compatible',
    notice: null,
    photo: null,
    quota: makeQuota({ used: 3, remaining: 2 }),
    ...overrides,
  };
}
