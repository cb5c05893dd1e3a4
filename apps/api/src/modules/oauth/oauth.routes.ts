import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enabledProvidersResponseSchema, oauthProviders, type OAuthProvider } from '@app/shared/auth';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { startSession } from '../auth/sign-in.js';
import { fetchProviderProfile, OAuthFlowError, startAuthorization } from './oauth.client.js';
import { resolveUser } from './oauth.service.js';
import { safeReturnTo, setFlowCookies, stateMatches, takeFlowCookies } from './flow-cookies.js';
import { providerNamed } from './providers.js';

// A malformed query value is treated as absent: these are browser navigations, not API calls.
const optionalText = z.string().max(2048).optional().catch(undefined);
const providerParams = z.object({ provider: z.string() });

/** The landing page turns these into the spec's sign-in error toasts. */
const landingError = (reply: FastifyReply, code: string) => reply.redirect(`/?error=${code}`);

export async function oauthRoutes(app: FastifyInstance, options: { db: Database; config: AppConfig }) {
  const { db, config } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const knownProvider = (name: string): OAuthProvider => {
    const provider = providerNamed(name);
    if (!provider) {
      throw AppError.notFound(
        `There is no sign-in with "${name}". Choose Google, Facebook or Reddit on the sign-in page.`,
      );
    }
    return provider;
  };

  // The auth dialog shows a button only for the providers this server has credentials for.
  routes.get(
    '/api/auth/providers',
    { schema: { response: { 200: enabledProvidersResponseSchema } } },
    async () => ({
      providers: oauthProviders.filter((provider) => config.oauth[provider]),
    }),
  );

  routes.get(
    '/api/auth/:provider',
    { schema: { params: providerParams, querystring: z.object({ returnTo: optionalText }) } },
    async (request, reply) => {
      const provider = knownProvider(request.params.provider);
      const providerConfig = config.oauth[provider];
      if (!providerConfig) return landingError(reply, `${provider}_failed`);
      const { url, state, codeVerifier } = startAuthorization(config, provider, providerConfig);
      setFlowCookies(reply, config, provider, {
        state,
        codeVerifier,
        returnTo: safeReturnTo(request.query.returnTo),
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.toString());
    },
  );

  routes.get(
    '/api/auth/:provider/callback',
    {
      schema: {
        params: providerParams,
        querystring: z.object({ code: optionalText, state: optionalText, error: optionalText }),
      },
    },
    async (request, reply) => {
      const provider = knownProvider(request.params.provider);
      const flow = takeFlowCookies(request, reply, config);
      reply.header('cache-control', 'no-store');
      const { code, state, error } = request.query;
      const providerConfig = config.oauth[provider];
      if (!providerConfig || error) {
        request.log.info({ provider, providerError: error }, 'social sign-in not completed');
        return landingError(reply, `${provider}_failed`);
      }
      if (!stateMatches(provider, flow.state, state) || !code) {
        request.log.warn({ provider }, 'social sign-in refused: state missing or not matching');
        return landingError(reply, `${provider}_auth_failed`);
      }

      try {
        const profile = await fetchProviderProfile(config, provider, providerConfig, code, flow.codeVerifier);
        const user = await resolveUser(db, provider, profile);
        await startSession(request, reply, { db, config }, user.id);
        return reply.redirect(flow.returnTo ?? '/dashboard');
      } catch (failure) {
        if (failure instanceof OAuthFlowError) {
          request.log.warn({ provider, reason: failure.message }, 'social sign-in failed');
        } else {
          request.log.error({ provider, err: failure }, 'social sign-in failed');
        }
        return landingError(reply, `${provider}_failed`);
      }
    },
  );
}
