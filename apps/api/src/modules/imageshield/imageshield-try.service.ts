import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { errorCodes } from '@app/shared/errors';
import {
  imageshieldTexts,
  tryLimits,
  tryMaxSide,
  tryProtectionFieldsSchema,
  type TryProtectionResponse,
} from '@app/shared/imageshield';
import { measuredProtectionText, mediaErrors, watermarkTextFor } from '@app/shared/media';
import { watermarkIsForced } from '@app/shared/plans';
import type { ImageJobScheduler } from '../../adapters/image/image-job-scheduler.js';
import { maxImagePixels } from '../../adapters/image/image-processor.js';
import {
  protectImage,
  protectionSourceOf,
  type ProtectionSource,
} from '../../adapters/image/protection/protect-image.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { consumeAllowance } from '../../lib/usage-allowance.js';
import { hashIp } from '../auth/login-throttle.js';
import { imageJobOwner, runImageJob } from '../media/image-jobs.js';
import { displayFilename } from '../media/media-filename.js';
import { detectMediaType } from '../media/media-type.js';
import { receiveUpload } from '../media/upload-receiver.js';
import { toReport } from './imageshield.service.js';

const hourMs = 3600_000;

export interface TryDependencies {
  db: Database;
  tempDir: string;
  imageJobs: ImageJobScheduler;
}

/** Who a try belongs to, for its hourly allowance and its turn among image jobs: the account, or the visitor's address hash. */
async function ownerOf(db: Database, user: UserRow | null, ip: string): Promise<string> {
  return user ? imageJobOwner.user(user.id) : imageJobOwner.visitor(await hashIp(db, ip));
}

async function takeTry(db: Database, user: UserRow | null, subject: string) {
  const limit = user ? tryLimits.memberPerHour : tryLimits.visitorPerHour;
  const allowance = await consumeAllowance(db, {
    scope: 'imageshield.try',
    subject,
    windowMs: hourMs,
    limit,
  });
  if (!allowance.allowed) {
    const minutes = Math.max(1, Math.ceil((allowance.resetsAt.getTime() - Date.now()) / 60_000));
    throw new AppError(429, imageshieldTexts.tryLimitReached(minutes), errorCodes.rateLimited);
  }
  return allowance.remaining;
}

/** The upload, upright, without metadata, no larger than the try-out works on. */
async function decodeForTry(path: string): Promise<ProtectionSource> {
  try {
    const { data, info } = await sharp(path, {
      limitInputPixels: maxImagePixels,
      failOn: 'warning',
      animated: false,
    })
      .autoOrient()
      .resize(tryMaxSide, tryMaxSide, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await protectionSourceOf({ data, width: info.width, height: info.height, channels: 3 });
  } catch {
    throw AppError.badRequest(mediaErrors.damagedImage);
  }
}

/**
 * POST /api/imageshield/try: protects one picture and hands it back without saving anything, so
 * visitors can see what ImageShield does. Metered per hour, per account or per visitor address.
 */
export async function tryProtection(
  { db, tempDir, imageJobs }: TryDependencies,
  user: UserRow | null,
  request: FastifyRequest,
): Promise<TryProtectionResponse> {
  const upload = await receiveUpload(request, tempDir);
  try {
    const fields = tryProtectionFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw AppError.badRequest('Choose a protection level: light, standard or heavy.');
    if (upload.bytes === 0) throw AppError.badRequest(mediaErrors.emptyFile);
    const type = await detectMediaType(upload.tempPath);
    if (type.kind !== 'image')
      throw new AppError(415, imageshieldTexts.onlyImages, errorCodes.unsupportedMediaType);
    const owner = await ownerOf(db, user, request.ip);
    const level = fields.data.protectionLevel;
    // Visitors are treated like the Free plan: their copies always carry a mark.
    const watermarkText = user
      ? watermarkIsForced(user)
        ? watermarkTextFor(user.username)
        : undefined
      : '© Creator Studio preview';
    // The try is counted once the job has its turn: a refusal for a full queue costs no try.
    const { remainingTries, image, comparison, attempts } = await runImageJob(imageJobs, owner, async () => {
      const remaining = await takeTry(db, user, owner);
      return {
        remainingTries: remaining,
        ...(await protectImage(await decodeForTry(upload.tempPath), level, { watermarkText })),
      };
    });
    const ext = image.format === 'png' ? 'png' : 'jpg';
    const stem = displayFilename(upload.clientFilename, ext).replace(/\.[^.]*$/, '');
    const report = toReport(comparison, attempts, Boolean(watermarkText));
    return {
      message: measuredProtectionText(report),
      protectionLevel: level,
      report,
      image: {
        dataUrl: `data:image/${image.format};base64,${image.data.toString('base64')}`,
        filename: `${stem}-protected.${ext}`,
        width: image.width,
        height: image.height,
      },
      remainingTries,
    };
  } finally {
    await rm(upload.tempPath, { force: true });
  }
}
