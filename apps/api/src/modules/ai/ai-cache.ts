import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { z } from 'zod';
import { aiGenerateResponseSchema, type AiGenerateInput } from '@app/shared/ai';
import type { BrandVoice } from '../../adapters/ai/caption-provider.js';
import type { Database } from '../../db/client.js';
import { aiGenerationCache } from '../../db/schema/index.js';

/** What is kept of an answer; quota and `cached` are filled in when it is served again. */
export const cachedAnswerSchema = aiGenerateResponseSchema.omit({ quota: true, cached: true });
export type CachedAnswer = z.infer<typeof cachedAnswerSchema>;

/**
 * The same request means the same words after normalising: trimmed prompt, styles in any order,
 * subreddit in any case. The writer's identity is part of it, so a new model is asked afresh, and
 * so are the requester's brand voice (an edited voice is never answered from before the edit) and
 * the photo as it is now (`photo`: its id, file, last change and tags).
 */
export function requestKey(
  input: AiGenerateInput,
  writerIdentity: string,
  context: { voice?: BrandVoice; photo?: object | null } = {},
): string {
  const { voice, photo } = context;
  const normalised = {
    writer: writerIdentity,
    voice: voice ? voiceHash(voice) : null,
    prompt: input.prompt.replace(/\s+/g, ' '),
    platforms: input.platforms,
    styleHints: [...input.styleHints].sort(),
    variants: input.variants,
    subreddit: input.subreddit?.toLowerCase() ?? null,
    // Only when there is one, so keys of requests without a photo stay as they were.
    ...(photo ? { photo } : {}),
  };
  return createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
}

/** A digest of the voice that does not depend on the order its keys were set in. */
export function voiceHash(voice: BrandVoice): string {
  const sorted = Object.entries(voice).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export async function readCachedAnswer(
  db: Database,
  subject: string,
  key: string,
  now = new Date(),
): Promise<CachedAnswer | null> {
  const [row] = await db
    .select({ response: aiGenerationCache.response })
    .from(aiGenerationCache)
    .where(
      and(
        eq(aiGenerationCache.subject, subject),
        eq(aiGenerationCache.requestHash, key),
        gt(aiGenerationCache.expiresAt, now),
      ),
    );
  if (!row) return null;
  // A row written by an older version of the answer shape is simply not used.
  const parsed = cachedAnswerSchema.safeParse(row.response);
  return parsed.success ? parsed.data : null;
}

export async function storeCachedAnswer(
  db: Database,
  subject: string,
  key: string,
  answer: CachedAnswer,
  ttlSeconds: number,
  now = new Date(),
) {
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db
    .insert(aiGenerationCache)
    .values({ subject, requestHash: key, response: answer, expiresAt })
    .onConflictDoUpdate({
      target: [aiGenerationCache.subject, aiGenerationCache.requestHash],
      set: { response: answer, expiresAt },
    });
  // Expired answers are never read again; the hourly sweep (jobs/sweep-expired.job.ts) removes them through deleteExpiredAnswers.
}

/** Answers past their end; the number removed. */
export async function deleteExpiredAnswers(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(aiGenerationCache)
    .where(lt(aiGenerationCache.expiresAt, now))
    .returning({ subject: aiGenerationCache.subject });
  return removed.length;
}
