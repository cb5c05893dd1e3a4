import { z } from 'zod';
import {
  createLeakCaseSchema,
  hostNameOf,
  leakCaseLimits,
  leakCaseTexts,
  updateLeakCaseSchema,
  type LeakCase,
  type LeakCaseStatus,
} from '@app/shared/leak-cases';
import type { Database } from '../../db/client.js';
import type { NewLeakCaseRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { TraceResult } from '@app/shared/leak-trace';
import { findOwnAsset } from '../media/media.repo.js';
import { findOwnCopy, ownsPhotoEvenDeleted } from '../leaks/copy-registry.repo.js';
import * as repo from './leak-cases.repo.js';

type CreateLeakCase = z.output<typeof createLeakCaseSchema>;
type UpdateLeakCase = z.output<typeof updateLeakCaseSchema>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

export function presentLeakCase({ row, photo }: repo.LeakCaseWithPhoto): LeakCase {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    infringingUrls: row.infringingUrls,
    hostName: row.hostName,
    hostAbuseContact: row.hostAbuseContact,
    workDescription: row.workDescription,
    mediaAssetId: row.mediaAssetId,
    photo: photo && { id: photo.id, fileName: photo.fileName, createdAt: iso(photo.createdAt) },
    evidence: row.evidence ?? null,
    notes: row.notes,
    foundAt: iso(row.foundAt),
    noticeSentAt: isoOrNull(row.noticeSentAt),
    removedAt: isoOrNull(row.removedAt),
    rejectedAt: isoOrNull(row.rejectedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Only a photo from her own gallery can be the original; anyone else's id is "not found". */
async function checkPhoto(db: Database, userId: string, id: string | null | undefined) {
  if (id && !(await findOwnAsset(db, userId, id))) throw AppError.notFound(leakCaseTexts.photoNotFound);
}

/**
 * The trace answer comes back from the browser, so the copy and photo it names are checked to be
 * hers: a case cannot carry (or, through the notice, reveal details of) another person's copy.
 * The photo may have left the gallery since the trace, so a trashed photo of hers still counts.
 */
async function checkEvidence(db: Database, userId: string, evidence: TraceResult | null | undefined) {
  if (!evidence) return;
  const refused = () => AppError.notFound(leakCaseTexts.tracedCopyNotFound);
  const { copy, matchedOriginal } = evidence;
  // Ids that are not uuids name nobody's row (and would make the database refuse the query).
  const isId = (id: string) => z.uuid().safeParse(id).success;
  if (copy) {
    const own = isId(copy.copyId) ? await findOwnCopy(db, userId, copy.copyId) : undefined;
    if (!own) throw refused();
    if (copy.mediaAssetId && copy.mediaAssetId !== own.copy.mediaAssetId) throw refused();
  }
  const originalId = matchedOriginal?.mediaAssetId;
  if (originalId && !(isId(originalId) && (await ownsPhotoEvenDeleted(db, userId, originalId))))
    throw refused();
}

const notFound = () => AppError.notFound(leakCaseTexts.notFound);

export async function listCases(db: Database, userId: string, status?: LeakCaseStatus) {
  return { cases: (await repo.listLeakCases(db, userId, status)).map(presentLeakCase) };
}

export async function getCase(db: Database, userId: string, id: string): Promise<LeakCase> {
  const found = await repo.findLeakCase(db, userId, id);
  if (!found) throw notFound();
  return presentLeakCase(found);
}

export async function createCase(db: Database, userId: string, input: CreateLeakCase) {
  if ((await repo.countLeakCases(db, userId)) >= leakCaseLimits.perUser)
    throw AppError.conflict(leakCaseTexts.tooMany);
  await checkPhoto(db, userId, input.mediaAssetId);
  await checkEvidence(db, userId, input.evidence);
  const hostName = input.hostName ?? hostNameOf(input.infringingUrls[0]!);
  const row = await repo.insertLeakCase(db, {
    userId,
    title: input.title ?? leakCaseTexts.defaultTitle(hostName),
    infringingUrls: input.infringingUrls,
    hostName,
    hostAbuseContact: input.hostAbuseContact ?? null,
    workDescription: input.workDescription,
    mediaAssetId: input.mediaAssetId ?? null,
    evidence: input.evidence ?? null,
    notes: input.notes ?? null,
  });
  return getCase(db, userId, row.id);
}

/**
 * A patch: fields left out keep their values. A cleared title or site name falls back to the
 * defaults a new case gets; a status change stamps its date (leak-cases.repo.ts statusDates).
 */
export async function changeCase(db: Database, userId: string, id: string, patch: UpdateLeakCase) {
  if (Object.values(patch).every((value) => value === undefined))
    throw AppError.badRequest(leakCaseTexts.nothingToChange);
  // Looked up first, so another user's case is "not found" whatever the photo.
  const current = await repo.findLeakCase(db, userId, id);
  if (!current) throw notFound();
  await checkPhoto(db, userId, patch.mediaAssetId);

  const urls = patch.infringingUrls ?? current.row.infringingUrls;
  const hostName = patch.hostName === undefined ? undefined : (patch.hostName ?? hostNameOf(urls[0]!));
  const values: Partial<NewLeakCaseRow> = {
    infringingUrls: patch.infringingUrls,
    hostName,
    hostAbuseContact: patch.hostAbuseContact,
    workDescription: patch.workDescription,
    mediaAssetId: patch.mediaAssetId,
    notes: patch.notes,
    status: patch.status,
    title:
      patch.title === undefined
        ? undefined
        : (patch.title ?? leakCaseTexts.defaultTitle(hostName ?? current.row.hostName)),
  };
  const defined = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<NewLeakCaseRow>;
  if (!(await repo.updateLeakCase(db, userId, id, defined))) throw notFound();
  return getCase(db, userId, id);
}

export async function removeCase(db: Database, userId: string, id: string) {
  if (!(await repo.deleteLeakCase(db, userId, id))) throw notFound();
  return { message: leakCaseTexts.deleted };
}
