// The one schema object drizzle needs (client and drizzle-kit), plus the row types repositories use.
export { adminAuditLog } from './admin-audit.js';
export { aiGenerationCache } from './ai.js';
export { apiKeys } from './api-keys.js';
export { analyticsEvents } from './analytics.js';
export { accessTokens, authState, authTokens, loginAttempts, oauthAccounts, sessions } from './auth.js';
export { stripeEvents, subscriptions } from './billing.js';
export { brandVoices } from './brand-voices.js';
export { communities } from './communities.js';
export { contentGenerations, savedContent } from './content.js';
export { earlyAccessOptIns } from './early-access.js';
export { imageCopies } from './image-copies.js';
export { linkClicks, linkCodes, trackedLinks } from './links.js';
export { leakCases, takedownContacts } from './leak-cases.js';
export { subscriberCounts } from './subscribers.js';
export { mediaAssets } from './media.js';
export {
  campaigns,
  postEngagement,
  redditAccounts,
  redditLinkStates,
  repostSeries,
  scheduledPosts,
} from './reddit.js';
export { redditRateBudget } from './reddit-rate-budget.js';
export { referralApplications } from './referrals.js';
export { serverSecrets } from './server-secrets.js';
export { serviceFailures } from './service-health.js';
export { taxExpenses, taxIncome, taxProfiles } from './tax.js';
export { usageCounters } from './usage-counters.js';
export { userSettings, users } from './users.js';

export type { AdminAuditLogRow, NewAdminAuditLogRow } from './admin-audit.js';
export type { AiGenerationCacheRow } from './ai.js';
export type { ApiKeyRow } from './api-keys.js';
export type { AnalyticsEventRow, NewAnalyticsEventRow } from './analytics.js';
export type {
  AccessTokenRow,
  AuthTokenRow,
  LoginAttemptRow,
  NewAuthTokenRow,
  NewLoginAttemptRow,
  NewOauthAccountRow,
  NewSessionRow,
  OauthAccountRow,
  SessionRow,
} from './auth.js';
export type { NewStripeEventRow, NewSubscriptionRow, StripeEventRow, SubscriptionRow } from './billing.js';
export type { BrandVoiceRow } from './brand-voices.js';
export type { CommunityRow, NewCommunityRow } from './communities.js';
export type {
  ContentGenerationRow,
  NewContentGenerationRow,
  NewSavedContentRow,
  SavedContentRow,
} from './content.js';
export type { EarlyAccessOptInRow } from './early-access.js';
export type { ImageCopyKind, ImageCopyRow, NewImageCopyRow, StoredHashes } from './image-copies.js';
export type { TrackedLinkRow } from './links.js';
export type { LeakCaseRow, NewLeakCaseRow, TakedownContactRow } from './leak-cases.js';
export type { SubscriberCountRow } from './subscribers.js';
export type { MediaAssetRow, NewMediaAssetRow } from './media.js';
export type {
  CampaignRow,
  RepostSeriesRow,
  NewRedditAccountRow,
  NewScheduledPostRow,
  RedditAccountRow,
  ScheduledPostRow,
} from './reddit.js';
export type { RedditRateBudgetRow } from './reddit-rate-budget.js';
export type { NewReferralApplicationRow, ReferralApplicationRow } from './referrals.js';
export type { ServiceFailureRow } from './service-health.js';
export type { NewTaxExpenseRow, NewTaxIncomeRow, TaxExpenseRow, TaxIncomeRow, TaxProfileRow } from './tax.js';
export type { NewUserRow, NewUserSettingsRow, UserRow, UserSettingsRow } from './users.js';
