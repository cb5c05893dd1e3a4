import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Revalidation for a GET whose answer is the caller's own and changes rarely: an ETag, and 304
     * with no body when the browser already holds the same answer (If-None-Match).
     */
    etag?: boolean;
  }
}

/** Weak: the tag stands for the JSON's meaning, not for one byte encoding of it. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** If-None-Match per RFC 9110: a list of tags, or * for any, compared weakly. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === opaque(etag);
  });
}

async function revalidate(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  // A route that knows its version already (e.g. a snapshot serialised once) names its own tag.
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  // private: the answer is one user's and no shared cache may keep it; no-cache: ask each time.
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply
    .code(304)
    .removeHeader('content-type')
    .removeHeader('content-length')
    .removeHeader('content-encoding');
  return null;
}

/**
 * Routes opt in with `config: { etag: true }`. The tag hashes the body the user is about to get,
 * so it is right whatever changed underneath, and two users' tags only agree on identical bodies.
 * One hook on the root instance, registered before compression: shared onSend hooks run in the
 * order they were added, and route-level ones only after them, when the body is already encoded.
 */
export function registerEtag(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) =>
    request.routeOptions.config?.etag === true ? revalidate(request, reply, payload) : payload,
  );
}
