import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Adds "referral:CODE" to a new account's signup source (the admin portal's leads list, docs/product.md#admin-portal). The web sends the
 * code right after signup, so it arrives as its own call; the first code stays.
 */
export async function noteReferralSignupSource(db: Database, userId: string, referralCode: string) {
  await db
    .update(users)
    .set({
      signupSource: sql`concat_ws(' ', coalesce(${users.signupSource}, 'password'), ${`referral:${referralCode}`}::text)`,
    })
    .where(and(eq(users.id, userId), sql`coalesce(${users.signupSource}, '') not like '%referral:%'`));
}
