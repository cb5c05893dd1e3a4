import type { Database } from '../../src/db/client.js';
import { contentGenerations, savedContent } from '../../src/db/schema/index.js';

type NewGeneration = typeof contentGenerations.$inferInsert;
type GenerationValues = Pick<NewGeneration, 'userId'> & Partial<NewGeneration>;

/** A Reddit caption in the user's history unless told otherwise. */
export async function newGeneration(db: Database, values: GenerationValues) {
  const [row] = await db
    .insert(contentGenerations)
    .values({ platform: 'reddit', content: 'A caption', ...values })
    .returning();
  return row!;
}

export async function newGenerations(db: Database, rows: GenerationValues[]) {
  if (rows.length === 0) return [];
  return db
    .insert(contentGenerations)
    .values(rows.map((values) => ({ platform: 'reddit' as const, content: 'A caption', ...values })))
    .returning();
}

type NewSaved = typeof savedContent.$inferInsert;

/** A saved copy with no history item behind it, unless told otherwise. */
export async function newSavedContent(db: Database, values: Pick<NewSaved, 'userId'> & Partial<NewSaved>) {
  const [row] = await db
    .insert(savedContent)
    .values({ title: 'Saved caption', content: 'A caption', platform: 'reddit', ...values })
    .returning();
  return row!;
}
