import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import type { AiGenerateInput, AiGenerateResponse, AiPhotoUse, GeneratedContent } from '@app/shared/ai';
import type { BrandVoice, GenerationTask, TaskPhoto } from '../../adapters/ai/caption-provider.js';
import type { CaptionWriter, WrittenResult } from '../../adapters/ai/caption-writer.js';
import { parseTitleRules } from '../../adapters/ai/title-rules.js';
import type { Database } from '../../db/client.js';
import { aiOutcome, recordServiceOutcome } from '../service-health/service-health.repo.js';
import type { MediaAssetRow, UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { fullAccessRefusal } from '../../plugins/access.js';
import { hashIp } from '../auth/login-throttle.js';
import { toPublicUser } from '../auth/public-user.js';
import { generationVoiceOf } from '../brand-voice/brand-voice.service.js';
import { readCachedAnswer, requestKey, storeCachedAnswer, type CachedAnswer } from './ai-cache.js';
import { findRequestPhoto, photoCacheKey, taskPhotoOf, type PhotoDependencies } from './ai-photo.js';
import { readQuota, returnGeneration, takeGeneration, type Requester } from './ai-quota.js';
import { existingGenerationIds, findCommunityForTitles, insertGenerations } from './ai.repo.js';

export interface AiServiceOptions {
  db: Database;
  writer: CaptionWriter;
  cacheTtlSeconds: number;
  /** For requests that name a gallery photo. */
  photos: PhotoDependencies;
}

export async function requesterOf(
  db: Database,
  user: UserRow | null,
  ip: string | undefined,
): Promise<Requester> {
  if (user) return { user, subject: `user:${user.id}` };
  return { user: null, subject: `ip:${(await hashIp(db, ip)) ?? 'unknown'}` };
}

/** docs/product.md#ai-studio lets a prompt go without platforms: it is written for Reddit, the default platform. */
async function taskFor(
  db: Database,
  input: AiGenerateInput,
  voice: BrandVoice | undefined,
  photo?: TaskPhoto,
): Promise<GenerationTask> {
  const community = input.subreddit ? await findCommunityForTitles(db, input.subreddit) : undefined;
  const subreddit = community
    ? parseTitleRules(community)
    : input.subreddit
      ? parseTitleRules({
          name: input.subreddit,
          titleRules: [],
          watermarksAllowed: null,
          verificationRequired: false,
        })
      : null;
  return {
    prompt: input.prompt,
    platforms: input.platforms.length ? input.platforms : ['reddit'],
    styleHints: input.styleHints,
    variants: input.variants,
    subreddit,
    ...(voice ? { voice } : {}),
    ...(photo ? { photo } : {}),
  };
}

/** The photo counts as seen when it went as an image and the AI service (not the fallback) answered. */
function photoUse(asset: MediaAssetRow | null, task: GenerationTask, provider: string): AiPhotoUse | null {
  if (!asset) return null;
  const seen = task.photo?.dataUrl !== undefined && provider === 'openai-compatible';
  return { mediaId: asset.id, usedAs: seen ? 'image' : 'tags' };
}

function numbered(
  results: WrittenResult[],
  subreddit: string | null,
  ids: (string | null)[],
): GeneratedContent[] {
  const counts = new Map<string, number>();
  return results.map((result, index) => {
    const variant = (counts.get(result.platform) ?? 0) + 1;
    counts.set(result.platform, variant);
    return {
      platform: result.platform,
      variant,
      titles: result.titles,
      body: result.body,
      photoInstructions: result.photoInstructions,
      hashtags: result.hashtags,
      confidence: result.confidence,
      subreddit: result.platform === 'reddit' ? subreddit : null,
      generationId: ids[index] ?? null,
    };
  });
}

async function saveHistory(
  db: Database,
  user: UserRow,
  task: GenerationTask,
  results: WrittenResult[],
  model: string,
  tokensUsed: number,
) {
  const rows = await insertGenerations(
    db,
    results.map((result) => ({
      userId: user.id,
      platform: result.platform,
      generationType: result.source === 'offline' ? ('template' as const) : ('ai' as const),
      prompt: task.prompt || null,
      styleHints: task.styleHints,
      subreddit: result.platform === 'reddit' ? (task.subreddit?.name ?? null) : null,
      titles: result.titles,
      content: result.body,
      photoInstructions: result.photoInstructions || null,
      hashtags: result.hashtags,
      model: result.source === 'offline' ? 'offline' : model,
      tokensUsed: result.source === 'offline' ? 0 : tokensUsed,
    })),
  );
  return rows.map((row) => row.id);
}

/** A cached answer names history items; any the user deleted since are named no more. */
async function withLiveIds(db: Database, requester: Requester, answer: CachedAnswer): Promise<CachedAnswer> {
  if (!requester.user) return answer;
  const ids = answer.content.flatMap((item) => (item.generationId ? [item.generationId] : []));
  const live = await existingGenerationIds(db, requester.user.id, ids);
  return {
    ...answer,
    content: answer.content.map((item) => ({
      ...item,
      generationId: item.generationId && live.has(item.generationId) ? item.generationId : null,
    })),
  };
}

/**
 * POST /api/ai/generate. A named gallery photo is checked first (the user's own image), so a refused
 * photo costs no quota. An identical recent request (same photo as it is now included) is
 * answered from the cache without using quota; otherwise one generation is taken from today's
 * allowance (given back if writing fails), the results are written and fitted to their platforms,
 * and each is saved as a history item.
 */
export async function generate(
  options: AiServiceOptions,
  requester: Requester,
  input: AiGenerateInput,
  log: FastifyBaseLogger,
): Promise<AiGenerateResponse> {
  const { db, writer } = options;
  // Banned and suspended accounts are refused; unverified ones may generate (docs/product.md#ai-studio gates only Reddit features).
  const user = requester.user;
  if (user && (user.bannedAt || (user.suspendedUntil && user.suspendedUntil > new Date()))) {
    throw fullAccessRefusal(toPublicUser(user)) ?? new Error('refusal expected for a restricted account');
  }
  const asset = input.mediaId ? await findRequestPhoto(db, requester, input.mediaId) : null;
  // Visitors have no settings, so no voice; a signed-in creator's is read on every request.
  const voice = user ? await generationVoiceOf(db, user.id) : undefined;
  const key = requestKey(input, writer.identity, {
    voice,
    photo: asset ? photoCacheKey(asset) : null,
  });
  if (options.cacheTtlSeconds > 0) {
    const cached = await readCachedAnswer(db, requester.subject, key);
    if (cached) {
      return {
        ...(await withLiveIds(db, requester, cached)),
        cached: true,
        quota: await readQuota(db, requester),
      };
    }
  }
  const quota = await takeGeneration(db, requester);
  try {
    const photo = asset ? await taskPhotoOf(options.photos, asset, writer.acceptsImages, log) : undefined;
    const task = await taskFor(db, input, voice, photo);
    const writing = await writer.write(task);
    if (writing.results.length === 0) {
      throw new AppError(
        503,
        'No caption could be written for this request. Try a different prompt.',
        errorCodes.unavailable,
      );
    }
    if (writing.failure) {
      // Reason and status only: the service's own message may echo the request or the key's owner.
      log.warn(
        { reason: writing.failure.reason, status: writing.failure.status },
        'AI service failed; the built-in writer answered',
      );
    }
    if (writer.provider !== 'offline') await recordServiceOutcome(db, 'ai', aiOutcome(writing.failure), log);
    const ids = requester.user
      ? await saveHistory(db, requester.user, task, writing.results, writing.model, writing.tokensUsed)
      : [];
    const answer: CachedAnswer = {
      content: numbered(writing.results, task.subreddit?.name ?? null, ids),
      model: writing.model,
      tokensUsed: writing.tokensUsed,
      provider: writing.provider,
      notice: writing.notice,
      photo: photoUse(asset, task, writing.provider),
    };
    // A stand-in answer is not kept: the next identical request should try the AI service again.
    if (options.cacheTtlSeconds > 0 && !writing.notice)
      await storeCachedAnswer(db, requester.subject, key, answer, options.cacheTtlSeconds);
    return { ...answer, cached: false, quota };
  } catch (error) {
    await returnGeneration(db, requester);
    throw error;
  }
}
