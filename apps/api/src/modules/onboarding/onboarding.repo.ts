import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { OnboardingState as StoredOnboarding } from '../../db/schema/users.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function findOnboarding(db: Database | Transaction, userId: string, { lock = false } = {}) {
  const query = db.select({ onboarding: users.onboarding }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row?.onboarding;
}

export async function saveOnboarding(
  db: Database | Transaction,
  userId: string,
  onboarding: StoredOnboarding,
) {
  await db.update(users).set({ onboarding }).where(eq(users.id, userId));
}
