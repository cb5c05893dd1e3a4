import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@app/shared/account';
import type { Database } from '../../db/client.js';
import {
  accessTokens,
  adminAuditLog,
  aiGenerationCache,
  analyticsEvents,
  apiKeys,
  authTokens,
  brandVoices,
  contentGenerations,
  earlyAccessOptIns,
  leakCases,
  imageCopies,
  loginAttempts,
  mediaAssets,
  oauthAccounts,
  redditAccounts,
  redditLinkStates,
  referralApplications,
  savedContent,
  scheduledPosts,
  postEngagement,
  campaigns,
  linkClicks,
  linkCodes,
  trackedLinks,
  subscriberCounts,
  repostSeries,
  sessions,
  subscriptions,
  taxExpenses,
  taxIncome,
  taxProfiles,
  takedownContacts,
  usageCounters,
  userSettings,
  users,
} from '../../db/schema/index.js';

export interface AccountOwner {
  id: string;
  username: string;
  email: string;
}

/**
 * Every table that can hold something of a person, with the condition that finds their rows and
 * how each is exported and deleted. `owned-data.test.ts` fails when the schema gains a table that
 * is in neither list below, so a new feature's data cannot silently escape export and deletion.
 */
export interface OwnedTable {
  table: PgTable;
  /** The rows that belong to, or point at, the person. After deletion none may be left. */
  rowsOf(owner: AccountOwner): SQL;
  /** Where the export document carries these rows, or why it does not. */
  export: keyof AccountExport | { omitted: string };
  /** How deletion removes them: a foreign key cascade from users, or an explicit statement. */
  deletion: 'cascade' | 'explicit';
}

const aiSubject = (owner: AccountOwner) => `user:${owner.id}`;
const loginNames = (owner: AccountOwner) => [
  ...new Set([owner.username, owner.email].map((name) => name.trim().toLowerCase())),
];

export const ownedTables: Record<string, OwnedTable> = {
  users: {
    table: users,
    // Other users this person referred keep their account; only the link to this person goes (SET NULL).
    rowsOf: (owner) => or(eq(users.id, owner.id), eq(users.referredByUserId, owner.id))!,
    export: 'profile',
    deletion: 'explicit',
  },
  user_settings: {
    table: userSettings,
    rowsOf: (o) => eq(userSettings.userId, o.id),
    export: 'settings',
    deletion: 'cascade',
  },
  brand_voices: {
    table: brandVoices,
    rowsOf: (o) => eq(brandVoices.userId, o.id),
    export: 'brandVoice',
    deletion: 'cascade',
  },
  sessions: {
    table: sessions,
    rowsOf: (o) => eq(sessions.userId, o.id),
    export: 'signIns',
    deletion: 'cascade',
  },
  access_tokens: {
    table: accessTokens,
    rowsOf: (o) =>
      inArray(
        accessTokens.sessionId,
        sql`(select ${sessions.id} from ${sessions} where ${sessions.userId} = ${o.id})`,
      ),
    export: { omitted: 'short-lived credentials (hashes only); the sessions they belong to are exported' },
    deletion: 'cascade',
  },
  auth_tokens: {
    table: authTokens,
    rowsOf: (o) => eq(authTokens.userId, o.id),
    export: 'profile',
    deletion: 'cascade',
  },
  api_keys: {
    table: apiKeys,
    rowsOf: (o) => eq(apiKeys.userId, o.id),
    export: {
      omitted:
        'credentials (a name, a short prefix and a hash of the secret); the calls they made are under usageCounters',
    },
    deletion: 'cascade',
  },
  oauth_accounts: {
    table: oauthAccounts,
    rowsOf: (o) => eq(oauthAccounts.userId, o.id),
    export: 'signIns',
    deletion: 'cascade',
  },
  login_attempts: {
    table: loginAttempts,
    rowsOf: (o) => inArray(loginAttempts.identifier, loginNames(o)),
    export: {
      omitted: 'failed logins live at most 15 minutes and hold only the name typed and a keyed IP hash',
    },
    deletion: 'explicit',
  },
  reddit_accounts: {
    table: redditAccounts,
    rowsOf: (o) => eq(redditAccounts.userId, o.id),
    export: 'redditAccounts',
    deletion: 'cascade',
  },
  reddit_link_states: {
    table: redditLinkStates,
    rowsOf: (o) => eq(redditLinkStates.userId, o.id),
    export: { omitted: 'a Reddit connection in progress (minutes); nothing but a hashed state' },
    deletion: 'cascade',
  },
  tracked_links: {
    table: trackedLinks,
    rowsOf: (o) => eq(trackedLinks.userId, o.id),
    export: 'trackedLinks',
    deletion: 'cascade',
  },
  subscriber_counts: {
    table: subscriberCounts,
    rowsOf: (o) => eq(subscriberCounts.userId, o.id),
    export: 'subscriberCounts',
    deletion: 'cascade',
  },
  link_codes: {
    table: linkCodes,
    rowsOf: (o) => sql`${linkCodes.linkId} in (select id from tracked_links where user_id = ${o.id})`,
    export: 'trackedLinks',
    deletion: 'cascade',
  },
  link_clicks: {
    table: linkClicks,
    rowsOf: (o) => sql`${linkClicks.linkId} in (select id from tracked_links where user_id = ${o.id})`,
    export: 'trackedLinks',
    deletion: 'cascade',
  },
  campaigns: {
    table: campaigns,
    rowsOf: (o) => eq(campaigns.userId, o.id),
    export: 'campaigns',
    deletion: 'cascade',
  },
  post_engagement: {
    table: postEngagement,
    rowsOf: (o) => sql`${postEngagement.postId} in (select id from scheduled_posts where user_id = ${o.id})`,
    export: {
      omitted: "not a list of its own: each check is inside its post's scheduledPosts entry, as engagement",
    },
    deletion: 'cascade',
  },
  repost_series: {
    table: repostSeries,
    rowsOf: (o) => eq(repostSeries.userId, o.id),
    export: 'repostSeries',
    deletion: 'cascade',
  },
  scheduled_posts: {
    table: scheduledPosts,
    rowsOf: (o) => eq(scheduledPosts.userId, o.id),
    export: 'scheduledPosts',
    deletion: 'cascade',
  },
  content_generations: {
    table: contentGenerations,
    rowsOf: (o) => eq(contentGenerations.userId, o.id),
    export: 'generations',
    deletion: 'cascade',
  },
  saved_content: {
    table: savedContent,
    rowsOf: (o) => eq(savedContent.userId, o.id),
    export: 'savedContent',
    deletion: 'cascade',
  },
  media_assets: {
    table: mediaAssets,
    rowsOf: (o) => eq(mediaAssets.userId, o.id),
    export: 'media',
    deletion: 'cascade',
  },
  image_copies: {
    table: imageCopies,
    rowsOf: (o) => eq(imageCopies.userId, o.id),
    export: 'imageCopies',
    deletion: 'cascade',
  },
  subscriptions: {
    table: subscriptions,
    rowsOf: (o) => eq(subscriptions.userId, o.id),
    export: 'subscriptions',
    deletion: 'cascade',
  },
  referral_applications: {
    table: referralApplications,
    // Their own application (also one sent before the account existed, found by address), and the
    // link to them on applications made with their code (SET NULL keeps the other person's record).
    rowsOf: (o) =>
      or(
        eq(referralApplications.applicantUserId, o.id),
        eq(referralApplications.applicantEmail, o.email.trim().toLowerCase()),
        eq(referralApplications.referrerUserId, o.id),
      )!,
    export: 'referrals',
    deletion: 'explicit',
  },
  analytics_events: {
    table: analyticsEvents,
    // The foreign key only sets user_id to null; the events themselves are the person's activity.
    rowsOf: (o) => eq(analyticsEvents.userId, o.id),
    export: 'analyticsEvents',
    deletion: 'explicit',
  },
  usage_counters: {
    table: usageCounters,
    rowsOf: (o) => eq(usageCounters.subject, o.id),
    export: 'usageCounters',
    deletion: 'explicit',
  },
  tax_profiles: {
    table: taxProfiles,
    rowsOf: (o) => eq(taxProfiles.userId, o.id),
    export: 'tax',
    deletion: 'cascade',
  },
  tax_income: {
    table: taxIncome,
    rowsOf: (o) => eq(taxIncome.userId, o.id),
    export: 'tax',
    deletion: 'cascade',
  },
  tax_expenses: {
    table: taxExpenses,
    rowsOf: (o) => eq(taxExpenses.userId, o.id),
    export: 'tax',
    deletion: 'cascade',
  },
  early_access_opt_ins: {
    table: earlyAccessOptIns,
    rowsOf: (o) => eq(earlyAccessOptIns.userId, o.id),
    export: 'earlyAccess',
    deletion: 'cascade',
  },
  leak_cases: {
    table: leakCases,
    rowsOf: (o) => eq(leakCases.userId, o.id),
    export: 'leakCases',
    deletion: 'cascade',
  },
  takedown_contacts: {
    table: takedownContacts,
    rowsOf: (o) => eq(takedownContacts.userId, o.id),
    export: 'takedownContact',
    deletion: 'cascade',
  },
  admin_audit_log: {
    table: adminAuditLog,
    // Actions on them, and actions they took as an admin: both carry their name, which deletion
    // removes while the record of what happened stays (the foreign keys set the ids to null).
    rowsOf: (o) => or(eq(adminAuditLog.targetUserId, o.id), eq(adminAuditLog.actorUserId, o.id))!,
    export: 'adminActions',
    deletion: 'explicit',
  },
  ai_generation_cache: {
    table: aiGenerationCache,
    rowsOf: (o) => eq(aiGenerationCache.subject, aiSubject(o)),
    export: { omitted: 'a short-lived copy of answers already exported under generations' },
    deletion: 'explicit',
  },
};

/** Tables that hold nothing of any one person, and why. */
export const unownedTables: Record<string, string> = {
  communities: 'the shared communities database',
  server_secrets: "the server's own keys",
  auth_state: 'server-wide values (the IP hash salt, the bootstrap admin password hash)',
  stripe_events: 'Stripe event ids and types already handled; no person data',
  service_failures: "each outside service's last failure, with addresses and credentials removed",
  reddit_rate_budget: "the server's Reddit allowance, keyed by a hash of the app's client id; no person data",
};

/**
 * The explicit part of deleting an account, run inside the deletion transaction before the users
 * row goes (whose cascades remove every `deletion: 'cascade'` table).
 */
export async function deleteExplicitRows(tx: Database, owner: AccountOwner) {
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, owner.id));
  await tx.delete(usageCounters).where(eq(usageCounters.subject, owner.id));
  await tx.delete(aiGenerationCache).where(eq(aiGenerationCache.subject, aiSubject(owner)));
  await tx.delete(loginAttempts).where(inArray(loginAttempts.identifier, loginNames(owner)));
  await tx
    .delete(referralApplications)
    .where(
      or(
        eq(referralApplications.applicantUserId, owner.id),
        eq(referralApplications.applicantEmail, owner.email.trim().toLowerCase()),
      ),
    );
  await tx
    .update(adminAuditLog)
    .set({ targetUserId: null, targetUsername: null })
    .where(eq(adminAuditLog.targetUserId, owner.id));
  await tx
    .update(adminAuditLog)
    .set({ actorUserId: null, actorUsername: deletedAdminName })
    .where(eq(adminAuditLog.actorUserId, owner.id));
  await tx.delete(users).where(eq(users.id, owner.id));
}

/** What the audit log says of an admin whose account is gone. */
export const deletedAdminName = '(deleted admin)';
