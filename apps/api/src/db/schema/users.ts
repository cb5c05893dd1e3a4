import { roles, tiers } from '@app/shared/user';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, primaryId, timestamptz, updatedAt } from './columns.js';

export const themes = ['light', 'dark'] as const;
export const settingsPlatforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;

/** The onboarding walkthrough's progress, kept server-side so it follows the user across browsers. */
export interface OnboardingState {
  hasSeenWalkthrough: boolean;
  completedSteps: string[];
  currentTutorial?: string | null;
  lastCompletedAt?: string | null;
}

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // Null for accounts created through social sign-in.
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    bio: text('bio'),
    tier: text('tier', { enum: tiers }).notNull().default('free'),
    role: text('role', { enum: roles }).notNull().default('user'),
    isAdmin: boolean('is_admin').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    emailVerifiedAt: timestamptz('email_verified_at'),
    bannedAt: timestamptz('banned_at'),
    suspendedUntil: timestamptz('suspended_until'),
    // A database default keeps every insert path (signup, OAuth, seeds, tests) from forgetting it.
    referralCode: text('referral_code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
    referredByUserId: uuid('referred_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    // How the account came to be, for /admin/leads: 'password', 'google', 'facebook', 'reddit', plus a referral code or utm_source when known.
    signupSource: text('signup_source'),
    onboarding: jsonb('onboarding')
      .$type<OnboardingState>()
      .notNull()
      .default({ hasSeenWalkthrough: false, completedSteps: [] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_user_id_idx').on(t.referredByUserId),
    // The admin user list and signups, newest first (keyset order, lib/cursor-page.ts).
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    oneOf('users_tier_check', t.tier, tiers),
    oneOf('users_role_check', t.role, roles),
    check('users_referral_code_upper_check', sql`${t.referralCode} = upper(${t.referralCode})`),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: themes }).notNull().default('light'),
    notifications: boolean('notifications').notNull().default(true),
    emailUpdates: boolean('email_updates').notNull().default(true),
    autoSave: boolean('auto_save').notNull().default(true),
    defaultPlatform: text('default_platform', { enum: settingsPlatforms }).notNull().default('reddit'),
    // Off: the browser tracker sends nothing for this user (docs/product.md#analytics).
    usageAnalytics: boolean('usage_analytics').notNull().default(true),
    // Paid plans' own visible mark; null draws "© username" (docs/decisions/054-watermark-text.md).
    watermarkText: text('watermark_text'),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('user_settings_theme_check', t.theme, themes),
    oneOf('user_settings_default_platform_check', t.defaultPlatform, settingsPlatforms),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type NewUserSettingsRow = typeof userSettings.$inferInsert;
