import { aiTexts } from '@app/shared/ai';
import type { ContentGenerationFilters, SaveContentRequest } from '@app/shared/history';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { PageRequest } from '../../lib/cursor-page.js';
import { deleteGeneration, generationStats, listGenerationsPage, ownsGeneration } from './history.repo.js';
import { deleteSavedContent, insertSavedContent, listSavedContentPage } from './saved-content.repo.js';

export function historyOf(
  db: Database,
  userId: string,
  page: PageRequest,
  filters: ContentGenerationFilters,
) {
  return listGenerationsPage(db, userId, page, filters);
}

export function historyStatsOf(db: Database, userId: string, filters: ContentGenerationFilters) {
  return generationStats(db, userId, filters);
}

export async function removeGeneration(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteGeneration(db, userId, id))) throw AppError.notFound(aiTexts.generationNotFound);
}

export async function saveContent(
  db: Database,
  userId: string,
  { generationId, ...fields }: SaveContentRequest,
) {
  // Naming someone else's history item looks exactly like naming a deleted one.
  if (generationId && !(await ownsGeneration(db, userId, generationId))) {
    throw AppError.notFound(aiTexts.generationNotFound);
  }
  return insertSavedContent(db, { userId, generationId: generationId ?? null, ...fields });
}

export function savedContentOf(db: Database, userId: string, page: PageRequest) {
  return listSavedContentPage(db, userId, page);
}

export async function removeSavedContent(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteSavedContent(db, userId, id))) throw AppError.notFound(aiTexts.savedNotFound);
}
