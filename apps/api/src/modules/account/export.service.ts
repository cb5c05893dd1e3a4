import { asc, eq, or, sql } from 'drizzle-orm';
import type { AccountExport } from '@app/shared/account';
import type { Database } from '../../db/client.js';
import {
  adminAuditLog,
  analyticsEvents,
  contentGenerations,
  earlyAccessOptIns,
  imageCopies,
  mediaAssets,
  oauthAccounts,
  redditAccounts,
  referralApplications,
  savedContent,
  scheduledPosts,
  campaigns,
  postEngagement,
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
  usageCounters,
  type UserRow,
} from '../../db/schema/index.js';
import { markHexOf } from '../leaks/mark-id.js';
import { protectedUrlOf } from '../media/media-asset.js';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import { findBrandVoice } from '../brand-voice/brand-voice.repo.js';
import { findSettings } from '../settings/settings.repo.js';
import { findTakedownContact } from '../settings/takedown-contact.repo.js';
import { listLeakCases } from '../leak-cases/leak-cases.repo.js';
import { presentLeakCase } from '../leak-cases/leak-cases.service.js';
import { findPendingEmail } from './email-change.repo.js';

export interface ExportDeps {
  db: Database;
  signer: MediaUrlSigner;
  /** Links in a downloaded file are opened outside the app, so they are absolute. */
  publicUrl: string;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything the account owns, built from the user's own rows only (every query is by their id).
 * Credentials never appear: no password hash, token hashes, Reddit refresh tokens, Stripe ids or
 * another person's address. `owned-data.test.ts` checks each owned table has its place here.
 */
export async function buildAccountExport(
  deps: ExportDeps,
  user: UserRow,
  now = new Date(),
): Promise<AccountExport> {
  const { db, signer } = deps;
  const absolute = (path: string) => `${deps.publicUrl}${path}`;
  const byUser = user.id;

  const [
    [
      settings,
      pendingEmail,
      social,
      sessionRows,
      reddit,
      generations,
      saved,
      media,
      posts,
      subs,
      applied,
      referred,
      events,
      counters,
    ],
    [
      taxProfile,
      income,
      expenses,
      earlyAccess,
      adminActions,
      brandVoice,
      campaignRows,
      linkRows,
      codeRows,
      clickRows,
      engagementRows,
      seriesRows,
      subscriberRows,
    ],
  ] = await Promise.all([
    Promise.all([
      findSettings(db, byUser),
      findPendingEmail(db, byUser, now),
      db
        .select()
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, byUser))
        .orderBy(asc(oauthAccounts.createdAt)),
      db.select().from(sessions).where(eq(sessions.userId, byUser)).orderBy(asc(sessions.createdAt)),
      db
        .select()
        .from(redditAccounts)
        .where(eq(redditAccounts.userId, byUser))
        .orderBy(asc(redditAccounts.createdAt)),
      db
        .select()
        .from(contentGenerations)
        .where(eq(contentGenerations.userId, byUser))
        .orderBy(asc(contentGenerations.createdAt)),
      db
        .select()
        .from(savedContent)
        .where(eq(savedContent.userId, byUser))
        .orderBy(asc(savedContent.createdAt)),
      db.select().from(mediaAssets).where(eq(mediaAssets.userId, byUser)).orderBy(asc(mediaAssets.createdAt)),
      db
        .select()
        .from(scheduledPosts)
        .where(eq(scheduledPosts.userId, byUser))
        .orderBy(asc(scheduledPosts.scheduledAt)),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, byUser))
        .orderBy(asc(subscriptions.createdAt)),
      db
        .select()
        .from(referralApplications)
        .where(
          or(
            eq(referralApplications.applicantUserId, byUser),
            eq(referralApplications.applicantEmail, user.email.trim().toLowerCase()),
          ),
        ),
      db.select().from(referralApplications).where(eq(referralApplications.referrerUserId, byUser)),
      db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.userId, byUser))
        .orderBy(asc(analyticsEvents.occurredAt)),
      db
        .select()
        .from(usageCounters)
        .where(eq(usageCounters.subject, byUser))
        .orderBy(asc(usageCounters.windowStart)),
    ]),
    Promise.all([
      db.select().from(taxProfiles).where(eq(taxProfiles.userId, byUser)),
      db
        .select()
        .from(taxIncome)
        .where(eq(taxIncome.userId, byUser))
        .orderBy(asc(taxIncome.receivedOn), asc(taxIncome.createdAt)),
      db
        .select()
        .from(taxExpenses)
        .where(eq(taxExpenses.userId, byUser))
        .orderBy(asc(taxExpenses.spentOn), asc(taxExpenses.createdAt)),
      db
        .select()
        .from(earlyAccessOptIns)
        .where(eq(earlyAccessOptIns.userId, byUser))
        .orderBy(asc(earlyAccessOptIns.createdAt)),
      db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.targetUserId, byUser))
        .orderBy(asc(adminAuditLog.createdAt)),
      findBrandVoice(db, byUser),
      db.select().from(campaigns).where(eq(campaigns.userId, byUser)).orderBy(asc(campaigns.createdAt)),
      db
        .select()
        .from(trackedLinks)
        .where(eq(trackedLinks.userId, byUser))
        .orderBy(asc(trackedLinks.createdAt)),
      db
        .select()
        .from(linkCodes)
        .where(sql`${linkCodes.linkId} in (select id from tracked_links where user_id = ${byUser})`),
      db
        .select()
        .from(linkClicks)
        .where(sql`${linkClicks.linkId} in (select id from tracked_links where user_id = ${byUser})`)
        .orderBy(asc(linkClicks.occurredAt)),
      db
        .select()
        .from(postEngagement)
        .where(sql`${postEngagement.postId} in (select id from scheduled_posts where user_id = ${byUser})`)
        .orderBy(asc(postEngagement.checkedAt)),
      db
        .select()
        .from(repostSeries)
        .where(eq(repostSeries.userId, byUser))
        .orderBy(asc(repostSeries.createdAt)),
      db
        .select()
        .from(subscriberCounts)
        .where(eq(subscriberCounts.userId, byUser))
        .orderBy(asc(subscriberCounts.day), asc(subscriberCounts.source)),
    ]),
  ]);

  const [leakCaseRows, takedownContact] = await Promise.all([
    listLeakCases(db, byUser),
    findTakedownContact(db, byUser),
  ]);

  const copyRows = await db
    .select()
    .from(imageCopies)
    .where(eq(imageCopies.userId, byUser))
    .orderBy(asc(imageCopies.createdAt));
  const { expiresAt } = signer.sign(user.id, 'original');
  return {
    version: 1,
    exportedAt: iso(now),
    mediaLinksExpireAt: iso(expiresAt),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      bio: user.bio,
      tier: user.tier,
      role: user.role,
      isAdmin: user.isAdmin,
      emailVerified: user.emailVerifiedAt !== null,
      emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
      hasPassword: user.passwordHash !== null,
      pendingEmail,
      referralCode: user.referralCode,
      onboarding: user.onboarding,
      bannedAt: isoOrNull(user.bannedAt),
      suspendedUntil: isoOrNull(user.suspendedUntil),
      signupSource: user.signupSource,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    settings,
    brandVoice,
    signIns: {
      socialAccounts: social.map((row) => ({
        provider: row.provider,
        providerAccountId: row.providerAccountId,
        email: row.email,
        createdAt: iso(row.createdAt),
      })),
      sessions: sessionRows.map((row) => ({
        userAgent: row.userAgent,
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastSeenAt),
        expiresAt: iso(row.expiresAt),
      })),
    },
    redditAccounts: reddit.map((row) => ({
      id: row.id,
      redditUserId: row.redditUserId,
      username: row.username,
      scope: row.scope,
      linkKarma: row.linkKarma,
      commentKarma: row.commentKarma,
      redditCreatedAt: isoOrNull(row.redditCreatedAt),
      createdAt: iso(row.createdAt),
    })),
    generations: generations.map((row) => ({
      id: row.id,
      platform: row.platform,
      generationType: row.generationType,
      prompt: row.prompt,
      styleHints: row.styleHints,
      subreddit: row.subreddit,
      titles: row.titles,
      content: row.content,
      photoInstructions: row.photoInstructions,
      hashtags: row.hashtags,
      model: row.model,
      tokensUsed: row.tokensUsed,
      createdAt: iso(row.createdAt),
    })),
    savedContent: saved.map((row) => ({
      id: row.id,
      generationId: row.generationId,
      title: row.title,
      content: row.content,
      platform: row.platform,
      createdAt: iso(row.createdAt),
    })),
    media: media.map((row) => {
      const { copyPdqHashes: _serverOnly, ...report } = row.protectionReport ?? {};
      return {
        id: row.id,
        filename: row.filename,
        mime: row.mime,
        bytes: row.bytes,
        width: row.width,
        height: row.height,
        tags: row.tags,
        hasWatermark: row.hasWatermark,
        visibility: row.visibility,
        protectionLevel: row.protectionLevel,
        protectionReport: row.protectionReport ? report : null,
        lastRepostedAt: isoOrNull(row.lastRepostedAt),
        createdAt: iso(row.createdAt),
        downloadUrl: absolute(signer.sign(row.id, 'original', { download: true }).url),
        thumbnailUrl: row.thumbnailKey ? absolute(signer.sign(row.id, 'thumbnail').url) : null,
        protectedDownloadUrl: row.protectedStorageKey
          ? absolute(protectedUrlOf(row.protectedStorageKey, row.id, signer))
          : null,
      };
    }),
    scheduledPosts: posts.map((row) => ({
      id: row.id,
      subreddit: row.subreddit,
      titleFinal: row.titleFinal,
      bodyFinal: row.bodyFinal,
      kind: row.kind,
      flairText: row.flairText,
      nsfw: row.nsfw,
      timing: row.timing,
      scheduledAt: iso(row.scheduledAt),
      status: row.status,
      sentAt: isoOrNull(row.sentAt),
      redditPostId: row.redditPostId,
      resultJson: row.resultJson,
      mediaAssetId: row.mediaAssetId,
      redditAccountId: row.redditAccountId,
      firstComment: row.firstComment,
      firstCommentDelayMinutes: row.firstCommentDelayMinutes,
      firstCommentStatus: row.firstCommentStatus,
      firstCommentId: row.firstCommentId,
      firstCommentError: row.firstCommentError,
      firstCommentSentAt: isoOrNull(row.firstCommentSentAt),
      campaignId: row.campaignId,
      seriesId: row.seriesId,
      spoiler: row.spoiler,
      engagement: engagementRows
        .filter((check) => check.postId === row.id)
        .map((check) => ({
          checkedAt: iso(check.checkedAt),
          minutesAfterSending: check.minutesAfterSending,
          score: check.score,
          upvoteRatio: check.upvoteRatio,
          comments: check.comments,
          removed: check.removed,
          removedBy: check.removedBy,
        })),
      createdAt: iso(row.createdAt),
    })),
    // Clicks without the visitor's hash: it identifies nobody, and is no part of the creator's data.
    trackedLinks: linkRows.map((link) => ({
      id: link.id,
      label: link.label,
      targetUrl: link.targetUrl,
      createdAt: iso(link.createdAt),
      deletedAt: isoOrNull(link.deletedAt),
      codes: codeRows
        .filter((code) => code.linkId === link.id)
        .map((code) => ({ code: code.code, postId: code.postId, subreddit: code.subreddit })),
      clicks: clickRows
        .filter((click) => click.linkId === link.id)
        .map((click) => ({
          at: iso(click.occurredAt),
          code: click.code,
          postId: click.postId,
          subreddit: click.subreddit,
          referrerHost: click.referrerHost,
          bot: click.bot,
          counted: click.counted,
        })),
    })),
    subscriberCounts: subscriberRows.map((row) => ({
      day: row.day,
      source: row.source,
      newSubscribers: row.newSubscribers,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    campaigns: campaignRows.map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      body: row.body,
      imageIds: row.imageIds,
      status: row.status,
      timing: row.timing,
      minGapMinutes: row.minGapMinutes,
      maxPerHour: row.maxPerHour,
      createdAt: iso(row.createdAt),
    })),
    repostSeries: seriesRows.map((row) => ({
      id: row.id,
      redditAccountId: row.redditAccountId,
      sourcePostId: row.sourcePostId,
      campaignId: row.campaignId,
      imageIds: row.imageIds,
      body: row.body,
      subreddits: row.subreddits,
      flairs: row.flairs,
      everyDays: row.everyDays,
      titles: row.titles,
      rounds: row.rounds,
      nextRunAt: iso(row.nextRunAt),
      status: row.status,
      stoppedReason: row.stoppedReason,
      lastRoundNote: row.lastRoundNote,
      createdAt: iso(row.createdAt),
    })),
    subscriptions: subs.map((row) => ({
      plan: row.plan,
      status: row.status,
      amount: row.amountCents,
      currency: row.currency,
      nextBillDate: isoOrNull(row.nextBillDate),
      canceledAt: isoOrNull(row.canceledAt),
      createdAt: iso(row.createdAt),
    })),
    referrals: {
      applied: applied.map((row) => ({
        referralCode: row.referralCode,
        status: row.status,
        createdAt: iso(row.createdAt),
      })),
      referred: referred.map((row) => ({ status: row.status, createdAt: iso(row.createdAt) })),
    },
    analyticsEvents: events.map((row) => ({
      type: row.type,
      eventType: row.eventType,
      page: row.page,
      referrer: row.referrer,
      sessionId: row.sessionId,
      occurredAt: iso(row.occurredAt),
      data: row.data,
    })),
    usageCounters: counters.map((row) => ({
      scope: row.scope,
      windowStart: iso(row.windowStart),
      count: row.count,
    })),
    tax: {
      profile: taxProfile[0]
        ? { rateBasisPoints: taxProfile[0].rateBasisPoints, currency: taxProfile[0].currency }
        : null,
      income: income.map((row) => ({
        id: row.id,
        platform: row.platform,
        amountCents: row.amountCents,
        receivedOn: row.receivedOn,
        note: row.note,
        createdAt: iso(row.createdAt),
      })),
      expenses: expenses.map((row) => ({
        id: row.id,
        category: row.category,
        amountCents: row.amountCents,
        spentOn: row.spentOn,
        description: row.description,
        receiptMediaId: row.receiptMediaId,
        createdAt: iso(row.createdAt),
      })),
    },
    earlyAccess: earlyAccess.map((row) => ({ feature: row.feature, createdAt: iso(row.createdAt) })),
    leakCases: leakCaseRows.map(presentLeakCase),
    takedownContact,
    adminActions: adminActions.map((row) => ({
      action: row.action,
      details: row.details,
      createdAt: iso(row.createdAt),
    })),
    imageCopies: copyRows.map((row) => ({
      id: row.id,
      markHex: markHexOf(row.markId),
      kind: row.kind,
      mediaAssetId: row.mediaAssetId,
      postId: row.postId,
      subreddit: row.subreddit,
      redditUsername: row.redditUsername,
      campaignId: row.campaignId,
      protectionLevel: row.protectionLevel,
      bytes: row.bytes,
      pdqHash: row.pdqHash,
      createdAt: iso(row.createdAt),
      fileDeletedAt: isoOrNull(row.deletedAt),
    })),
  };
}
