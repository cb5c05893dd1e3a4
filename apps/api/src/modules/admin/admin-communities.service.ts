import type { z } from 'zod';
import { communityInputSchema, type CommunityInput } from '@app/shared/communities';
import { errorCodes } from '@app/shared/errors';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import type { ListedCommunity } from '../communities/community-list.js';
import { toCommunityInput } from '../communities/community-row.js';
import type { CommunityCatalog } from '../communities/communities.service.js';
import * as repo from './admin-communities.repo.js';
import { mergePatch, type CommunityPatch } from './community-patch.js';

export interface AdminCommunityDeps {
  db: Database;
  catalog: CommunityCatalog;
}

const duplicate = (name: string) =>
  AppError.conflict(`A community named r/${name} already exists. Edit that one instead.`);

export function describeIssue(issue: z.core.$ZodIssue): { field?: string; message: string } {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].map(String).join('.');
  return path ? { field: path, message: `${path}: ${issue.message}` } : { message: issue.message };
}

/** The community as the list shows it, after this process's caches learnt of the write. */
async function listed({ catalog }: AdminCommunityDeps, id: string): Promise<ListedCommunity> {
  catalog.invalidate();
  const community = await catalog.findById(id);
  if (!community) throw AppError.notFound('This community no longer exists.');
  return community;
}

export async function createCommunity(deps: AdminCommunityDeps, input: CommunityInput) {
  const [existing] = await repo.findCommunitiesByNames(deps.db, [input.name]);
  if (existing && !existing.deletedAt) throw duplicate(existing.name);
  try {
    // Adding a name an admin once deleted brings that row back rather than failing on the unique index.
    const row = existing
      ? await repo.updateCommunity(deps.db, existing.id, input)
      : await repo.insertCommunity(deps.db, input);
    return await listed(deps, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function patchCommunity(deps: AdminCommunityDeps, id: string, patch: CommunityPatch) {
  const row = await repo.findActiveCommunity(deps.db, id);
  if (!row) throw AppError.notFound('This community does not exist or was deleted.');
  const parsed = communityInputSchema.safeParse(mergePatch(toCommunityInput(row), patch));
  if (!parsed.success) {
    const { field, message } = describeIssue(parsed.error.issues[0]!);
    throw new AppError(400, message, errorCodes.validation, field ? { field } : {});
  }
  try {
    await repo.updateCommunity(deps.db, id, parsed.data);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(parsed.data.name);
    throw error;
  }
  return listed(deps, id);
}

export async function deleteCommunity(deps: AdminCommunityDeps, id: string) {
  if (!(await repo.softDeleteCommunity(deps.db, id))) {
    throw AppError.notFound('This community does not exist or was already deleted.');
  }
  deps.catalog.invalidate();
}
