import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const authTokenPurposes = ['email_verification', 'password_reset', 'email_change'] as const;
export const oauthProviders = ['google', 'facebook', 'reddit'] as const;

// Session ids and one-time tokens are stored hashed so a database leak yields no usable credential.
export const sessions = pgTable(
  'sessions',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Short-lived bearer tokens (15 min) minted from a session; deleting the session deletes them, so
 * logout and "sign out everywhere" revoke both at once.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: primaryId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index('access_tokens_session_id_idx').on(t.sessionId),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: authTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    // The address being switched to; only an email_change token carries one.
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_id_purpose_idx').on(t.userId, t.purpose),
    oneOf('auth_tokens_purpose_check', t.purpose, authTokenPurposes),
    check('auth_tokens_new_email_check', sql`(${t.purpose} = 'email_change') = (${t.newEmail} is not null)`),
  ],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: primaryId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: oauthProviders }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('oauth_accounts_provider_account_key').on(t.provider, t.providerAccountId),
    index('oauth_accounts_user_id_idx').on(t.userId),
    oneOf('oauth_accounts_provider_check', t.provider, oauthProviders),
  ],
);

/**
 * Not tied to a user row: attempts against unknown names must be throttled too.
 * identifier is the lowercased username or e-mail as typed; ipHash a salted hash, never the address.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: primaryId(),
    identifier: text('identifier').notNull(),
    ipHash: text('ip_hash'),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_identifier_attempted_at_idx').on(t.identifier, t.attemptedAt),
    index('login_attempts_ip_hash_attempted_at_idx').on(t.ipHash, t.attemptedAt),
  ],
);

/**
 * Small values every server process must agree on: the salt of login IP hashes, and which bootstrap
 * admin password was last applied from the environment (an argon2 hash), so a restart does not undo
 * the admin's own password change.
 */
export const authState = pgTable('auth_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type NewAuthTokenRow = typeof authTokens.$inferInsert;
export type OauthAccountRow = typeof oauthAccounts.$inferSelect;
export type NewOauthAccountRow = typeof oauthAccounts.$inferInsert;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type LoginAttemptRow = typeof loginAttempts.$inferSelect;
export type NewLoginAttemptRow = typeof loginAttempts.$inferInsert;
