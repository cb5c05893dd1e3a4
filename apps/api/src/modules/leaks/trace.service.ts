import { readFile, rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@app/shared/errors';
import { leakTraceTexts, traceLimits, type TraceResult, type TracedCopy } from '@app/shared/leak-trace';
import { mediaErrors } from '@app/shared/media';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { readForensicMark } from '../../adapters/image/forensic-mark/forensic-mark.js';
import { hashImageAtWorkingSize } from '../../adapters/image/perceptual-hash/compare-images.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { consumeAllowance } from '../../lib/usage-allowance.js';
import { imageJobOwner, runImageJob } from '../media/image-jobs.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { detectMediaType } from '../media/media-type.js';
import { receiveUpload } from '../media/upload-receiver.js';
import {
  copyDetailsOf,
  findOwnCopyByMark,
  hashCandidatesOf,
  ownPhotoName,
  type CopyDetails,
} from './copy-registry.repo.js';
import { matchHashes, type HashVerdict } from './hash-match.js';
import { markHexOf } from './mark-id.js';

export interface TraceDependencies {
  db: Database;
  signer: MediaUrlSigner;
  tempDir: string;
  imageJobs: ImageJobScheduler;
}

const hourMs = 3600_000;

async function takeTrace(db: Database, user: UserRow) {
  const allowance = await consumeAllowance(db, {
    scope: 'leaks.trace',
    subject: user.id,
    windowMs: hourMs,
    limit: traceLimits.perHour,
  });
  if (allowance.allowed) return;
  const minutes = Math.max(1, Math.ceil((allowance.resetsAt.getTime() - Date.now()) / 60_000));
  throw new AppError(429, leakTraceTexts.limitReached(minutes), errorCodes.rateLimited);
}

function tracedCopyOf(details: CopyDetails, signer: MediaUrlSigner): TracedCopy {
  const { copy } = details;
  const sent = details.postStatus === 'sent';
  return {
    copyId: copy.id,
    markHex: markHexOf(copy.markId),
    kind: copy.kind,
    mediaAssetId: copy.mediaAssetId,
    fileName: details.fileName,
    postId: copy.postId,
    subreddit: copy.subreddit,
    campaignId: copy.campaignId,
    redditAccount: details.postAccount ?? copy.redditUsername,
    postUrl: sent ? (details.postResult?.url ?? null) : null,
    madeAt: copy.createdAt.toISOString(),
    sentAt: sent ? (details.postSentAt?.toISOString() ?? null) : null,
    thumbnailUrl:
      details.thumbnailKey && copy.mediaAssetId ? signer.sign(copy.mediaAssetId, 'thumbnail').url : null,
  };
}

async function tracedCopy(deps: TraceDependencies, user: UserRow, copyId: string): Promise<TracedCopy> {
  const details = await copyDetailsOf(deps.db, user.id, copyId);
  if (!details) throw new Error('a copy of the owner vanished while it was traced');
  return tracedCopyOf(details, deps.signer);
}

async function hashAnswer(
  deps: TraceDependencies,
  user: UserRow,
  verdict: HashVerdict | null,
  tracedAt: string,
): Promise<TraceResult> {
  if (!verdict)
    return {
      method: 'none',
      confidence: 0,
      summary: leakTraceTexts.none,
      copy: null,
      hashDistances: [],
      tracedAt,
    };
  const { best, alike } = verdict;
  const hashDistances = best.distances.map(({ name, distance, threshold }) => ({
    name,
    distance,
    threshold,
  }));
  const base = { method: 'hash' as const, confidence: best.confidence, hashDistances, tracedAt };
  if (best.against === 'original') {
    const assetId = best.candidate.mediaAssetId;
    const photo = assetId ? await ownPhotoName(deps.db, user.id, assetId) : undefined;
    return {
      ...base,
      summary: leakTraceTexts.originalFound(photo?.fileName ?? null, best.confidence),
      copy: null,
      matchedOriginal: {
        mediaAssetId: photo ? assetId : null,
        fileName: photo?.fileName ?? null,
        thumbnailUrl: photo?.thumbnailKey && assetId ? deps.signer.sign(assetId, 'thumbnail').url : null,
      },
    };
  }
  const posts = new Set(alike.flatMap((m) => (m.candidate.kind === 'post' ? [m.candidate.id] : [])));
  if (posts.size > 1) {
    // Posts sent from one protected copy share its pixels: name that copy, and say it went out several times.
    const source = alike.find((m) => m.candidate.kind === 'protected') ?? best;
    const copy = await tracedCopy(deps, user, source.candidate.id);
    return {
      ...base,
      summary: leakTraceTexts.hashFoundOneOfMany(copy.fileName, best.confidence, posts.size),
      copy,
    };
  }
  const copy = await tracedCopy(deps, user, best.candidate.id);
  return { ...base, summary: leakTraceTexts.hashFound(copy, best.confidence), copy };
}

/**
 * POST /api/leaks/trace: which of the creator's copies a found picture is. The mark is read
 * first; a mark that is not in *her* registry (none, or another person's) is treated exactly
 * alike, and the picture is then matched by its hashes against her own copies only. The upload is
 * never stored. Reading and hashing run as an image job in her turn.
 */
export async function traceLeak(
  deps: TraceDependencies,
  user: UserRow,
  request: FastifyRequest,
): Promise<TraceResult> {
  const upload = await receiveUpload(request, deps.tempDir);
  try {
    if (upload.bytes === 0) throw AppError.badRequest(mediaErrors.emptyFile);
    const type = await detectMediaType(upload.tempPath);
    if (type.kind !== 'image')
      throw new AppError(415, leakTraceTexts.onlyImages, errorCodes.unsupportedMediaType);
    const picture = await readFile(upload.tempPath);
    const { mark, hashes } = await runImageJob(deps.imageJobs, imageJobOwner.user(user.id), async () => {
      await takeTrace(deps.db, user);
      const read = await readForensicMark(picture).catch(() => null);
      const found = await hashImageAtWorkingSize(picture).catch(() => {
        throw AppError.badRequest(mediaErrors.damagedImage);
      });
      return { mark: read, hashes: found };
    });
    const tracedAt = new Date().toISOString();
    const own = mark ? await findOwnCopyByMark(deps.db, user.id, mark.markId) : undefined;
    if (own && mark) {
      const copy = await tracedCopy(deps, user, own.id);
      return {
        method: 'mark',
        confidence: Math.min(1, Math.max(0, mark.confidence)),
        summary: leakTraceTexts.markFound(copy),
        copy,
        hashDistances: [],
        tracedAt,
      };
    }
    const verdict = matchHashes(await hashCandidatesOf(deps.db, user.id), hashes);
    return await hashAnswer(deps, user, verdict, tracedAt);
  } finally {
    await rm(upload.tempPath, { force: true });
  }
}
