import type { Database } from '../../src/db/client.js';
import { contentGenerations } from '../../src/db/schema/index.js';

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
