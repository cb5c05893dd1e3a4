import type { FastifyInstance } from 'fastify';
import { linkTexts } from '@app/shared/links';
import { errorCodes } from '@app/shared/errors';
import type { ClickRecorder } from './link-clicks.service.js';

const deadLinkPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${linkTexts.missing}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${linkTexts.missing}</h1><p>${linkTexts.missingText}</p></body></html>`;

/**
 * GET /l/{code}: a 302 to the creator's page at once, the click queued for the next batch write
 * (link-clicks.service.ts). A code that does not exist, or whose link was deleted, answers the same
 * bare 404.
 */
export async function linkRedirectRoutes(app: FastifyInstance, options: { clicks: ClickRecorder }) {
  const { clicks } = options;
  // No schema: follow() takes letters and digits only, and a redirect this busy should not pay for
  // a validator on every click.
  app.get<{ Params: { code: string } }>('/l/:code', async (request, reply) => {
    const target = await clicks.follow({
      code: request.params.code,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      referrer: request.headers.referer,
    });
    if (!target) {
      // The same answer for a code that never existed and a deleted link: nothing to learn from it.
      const wantsPage = request.headers.accept?.includes('text/html') ?? false;
      return wantsPage
        ? reply
            .code(404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(deadLinkPage)
        : reply.code(404).send({ message: linkTexts.missing, code: errorCodes.notFound });
    }
    return reply
      .code(302)
      .header('location', target)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send();
  });
}
