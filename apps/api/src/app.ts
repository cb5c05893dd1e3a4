import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CaptionWriter } from './adapters/ai/caption-writer.js';
import { createCaptionWriterFor } from './adapters/ai/create-caption-writer.js';
import { createImageJobScheduler, type ImageJobScheduler } from './adapters/image/image-job-scheduler.js';
import { createMailer, type Mailer } from './adapters/mail/mailer.js';
import { createMediaStorage } from './adapters/storage/create-media-storage.js';
import type { MediaStorage } from './adapters/storage/media-storage.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { loggerOptions, type LogDestination } from './lib/logger.js';
import { registerCompression } from './plugins/compression.js';
import { closeKeepAliveConnectionsOnShutdown } from './plugins/shutdown.js';
import { cutSilentBodies, requestTimeoutOptions } from './plugins/request-timeouts.js';
import { registerCsrf } from './plugins/csrf.js';
import { badUrlBody, registerErrorHandler } from './plugins/error-handler.js';
import { registerEtag } from './plugins/etag.js';
import { headersForHooklessReplies, registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { aiRoutes } from './modules/ai/ai.routes.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { registerOpenApi } from './modules/api-docs/openapi.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { apiMonthlyCallLimit } from '@app/shared/api-keys';
import { adminCommunityRoutes } from './modules/admin/admin-communities.routes.js';
import { adminUserRoutes } from './modules/admin/admin-users.routes.js';
import { adminLeadRoutes } from './modules/admin/admin-leads.routes.js';
import { adminSetupRoutes } from './modules/admin/admin-setup.routes.js';
import { watchedGateway, watchedMailer } from './modules/service-health/watched-services.js';
import { analyticsIngestRoutes } from './modules/analytics/analytics-ingest.routes.js';
import { analyticsReportRoutes } from './modules/analytics/analytics-reports.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { brandVoiceRoutes } from './modules/brand-voice/brand-voice.routes.js';
import { communitiesRoutes } from './modules/communities/communities.routes.js';
import { createCommunityCatalog } from './modules/communities/communities.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { imageshieldTryRoutes } from './modules/imageshield/imageshield-try.routes.js';
import { imageshieldRoutes } from './modules/imageshield/imageshield.routes.js';
import { leaksRoutes } from './modules/leaks/leaks.routes.js';
import { mediaFileRoutes } from './modules/media/media-file.routes.js';
import { createMediaUrlSigner, loadMediaUrlKey } from './modules/media/media-url-signer.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { referralRoutes } from './modules/referral/referral.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { taxRoutes } from './modules/tax/tax.routes.js';
import { leakCasesRoutes } from './modules/leak-cases/leak-cases.routes.js';
import { earlyAccessRoutes } from './modules/early-access/early-access.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { startSessionCache } from './modules/auth/session-cache-sync.js';
import { sessionPlugin } from './plugins/session.js';
import type { RedditPostingApi } from './adapters/reddit/reddit-posting-api.js';
import type { JobQueue } from './jobs/queue.js';
import { enqueuePhotoRating } from './jobs/rate-photos.job.js';
import { wakeSenderIfDueSoon } from './jobs/send-posts.job.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { linksRoutes } from './modules/links/links.routes.js';
import { resultsRoutes } from './modules/results/results.routes.js';
import { linkRedirectRoutes } from './modules/links/link-redirect.routes.js';
import { createClickRecorder } from './modules/links/link-clicks.service.js';
import { postsImportRoutes } from './modules/posts/posts-import.routes.js';
import { queueCampaignCopies } from './jobs/campaign-copies.job.js';
import { repostsRoutes } from './modules/reposts/reposts.routes.js';
import { redditAccountRoutes } from './modules/reddit/reddit-accounts.routes.js';
import { createRedditPosting } from './modules/reddit/reddit-posting-context.js';
import { createStripeGateway } from './adapters/stripe/stripe-gateway.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.js';

export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to SMTP_URL's server, or the outbox folder; tests pass their own. */
  mailer?: Mailer;
  /** Defaults to S3 when S3_BUCKET is set, else local disk under DATA_DIR/media. */
  mediaStorage?: MediaStorage;
  /** Defaults to the AI service AI_BASE_URL / AI_API_KEY name, else the built-in writer. */
  captionWriter?: CaptionWriter;
  /** Defaults to Reddit's API when Reddit app credentials are configured; tests may pass their own. */
  redditPosting?: RedditPostingApi;
  /** The running job queue, when there is one: new posts wake the sender at their due time. */
  jobQueue?: () => JobQueue | undefined;
  /** Public API calls per calendar month with a personal key; tests lower it instead of making 1,000 calls. */
  apiKeyMonthlyLimit?: number;
  /** Image work (upload cleaning, protection) of this process; tests pass their own to hold it busy. */
  imageJobs?: ImageJobScheduler;
  /** Log lines go here instead of stdout (tests keep each server's log in a file). */
  logDestination?: LogDestination;
}

/** Builds the whole server; tests call this with their own database and inject requests. */
export async function buildApp({
  config,
  database,
  mailer,
  mediaStorage,
  captionWriter,
  redditPosting,
  jobQueue,
  apiKeyMonthlyLimit = apiMonthlyCallLimit,
  logDestination,
  imageJobs = createImageJobScheduler(),
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    ...requestTimeoutOptions(config),
    // Fastify 5 answers 503 to new requests while closing and waits for in-flight ones.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Malformed addresses are rejected by the router before any hook runs; answer them in our shape.
    frameworkErrors: (error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .headers(headersForHooklessReplies(request, config))
        .send(badUrlBody(error));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where uploads need it); a text body is a client mistake: 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  closeKeepAliveConnectionsOnShutdown(app);
  cutSilentBodies(app, config);

  // Before any route: the OpenAPI document is collected as routes are added.
  await registerOpenApi(app, config.publicUrl);
  await registerSecurityHeaders(app, config);
  // ETag first: its tag and its 304 are about the JSON, before compression encodes it.
  registerEtag(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  await registerCsrf(app, config);
  const db = database.db;
  const sessions = await startSessionCache(database, config.sessionCacheTtlMs);
  app.addHook('onClose', sessions.stop);
  await app.register(sessionPlugin, { db, config, apiKeyMonthlyLimit, sessionCache: sessions.cache });

  await app.register(healthRoutes, { database });
  const accountMailer = watchedMailer(mailer ?? createMailer(config, app.log), db, app.log);
  await app.register(authRoutes, { db, config, mailer: accountMailer });
  await app.register(oauthRoutes, { db, config });
  await app.register(referralRoutes, { db, config });
  await app.register(metricsRoutes, { db, config });
  await app.register(settingsRoutes, { db });
  await app.register(brandVoiceRoutes, { db });
  await app.register(onboardingRoutes, { db });
  await app.register(apiKeyRoutes, { db, monthlyLimit: apiKeyMonthlyLimit });
  await app.register(apiDocsRoutes);
  await app.register(historyRoutes, { db });
  const storage = mediaStorage ?? createMediaStorage(config.media);
  await app.register(aiRoutes, {
    db,
    writer: captionWriter ?? createCaptionWriterFor(config.ai),
    cacheTtlSeconds: config.ai.cacheTtlSeconds,
    photos: { storage, imageJobs },
  });
  const communityCatalog = createCommunityCatalog(db);
  await app.register(communitiesRoutes, { catalog: communityCatalog });
  await app.register(adminCommunityRoutes, { db, catalog: communityCatalog });
  await app.register(adminUserRoutes, { db, config, mailer: accountMailer });
  await app.register(adminLeadRoutes, { db });
  await app.register(adminSetupRoutes, { db, config });
  await app.register(analyticsIngestRoutes, { db, config: config.analytics });
  await app.register(analyticsReportRoutes, { db, publicUrl: config.publicUrl });
  const signer = createMediaUrlSigner(
    await loadMediaUrlKey(db, config.media.urlSecret),
    config.media.urlTtlSeconds,
  );
  await app.register(mediaRoutes, {
    db,
    storage,
    signer,
    tempDir: config.media.tempDir,
    imageJobs,
    // Without a queue (tests that only build the app) the photo is rated by the next start-up's run.
    rateSoon: async () => {
      const queue = jobQueue?.();
      if (queue)
        await enqueuePhotoRating(queue).catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not queue the photo content rating'),
        );
    },
  });
  await app.register(mediaFileRoutes, { db, storage, signer });
  await app.register(taxRoutes, { db, signer });
  await app.register(earlyAccessRoutes, { db });
  await app.register(leakCasesRoutes, { db });
  const imageshield = { db, storage, signer, tempDir: config.media.tempDir, imageJobs };
  await app.register(imageshieldRoutes, imageshield);
  await app.register(imageshieldTryRoutes, { db, tempDir: config.media.tempDir, imageJobs });
  await app.register(leaksRoutes, { db, storage, signer, tempDir: config.media.tempDir, imageJobs });
  const posting = await createRedditPosting(db, config, redditPosting);
  await app.register(redditAccountRoutes, { db, posting });
  // Without a queue (tests that only build the app) the minute sweep still finds the post; a post
  // due more than a few minutes ahead is woken by that sweep too (wakeSenderIfDueSoon).
  const wake = async (at: Date) => {
    const queue = jobQueue?.();
    if (queue)
      await wakeSenderIfDueSoon(queue, at).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not wake the post sender'),
      );
  };
  const clicks = createClickRecorder(db, app.log);
  // On close (SIGTERM included) the clicks still waiting are written before the process exits.
  app.addHook('onClose', () => clicks.stop());
  const links = { db, publicUrl: config.publicUrl, onDeleted: clicks.forget };
  await app.register(postsRoutes, { db, posting, imageshield, wake, links });
  await app.register(linksRoutes, links);
  await app.register(resultsRoutes, { db });
  await app.register(linkRedirectRoutes, { clicks });
  await app.register(postsImportRoutes, { db, posting, wake, links });
  // The copy job's minute sweep makes them anyway; this only starts it sooner.
  const makeCopies = async () => {
    const queue = jobQueue?.();
    if (queue)
      await queueCampaignCopies(queue).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not queue the campaign copies'),
      );
  };
  await app.register(campaignsRoutes, { db, posting, links, storage, wake, makeCopies });
  await app.register(repostsRoutes, { db, posting, links, storage, wake, makeCopies });

  const paymentGateway = config.billing.stripe
    ? watchedGateway(createStripeGateway(config.billing.stripe), db, app.log)
    : undefined;
  await app.register(billingRoutes, {
    db,
    gateway: paymentGateway,
    publicUrl: config.publicUrl,
    publishableKey: config.billing.publishableKey,
  });
  await app.register(stripeWebhookRoutes, {
    db,
    gateway: paymentGateway,
    webhookSecret: config.billing.webhookSecret,
  });

  await app.register(accountRoutes, {
    db,
    config,
    mailer: accountMailer,
    storage,
    signer,
    gateway: paymentGateway,
  });

  await registerWebApp(app, config.webDistDir, config.publicUrl);
  return app;
}
