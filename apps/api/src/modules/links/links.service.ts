import {
  baseUrlOf,
  linkLimits,
  linkTexts,
  shortUrlOf,
  trackedLinkPattern,
  type TrackedLink,
} from '@app/shared/links';
import type { Database } from '../../db/client.js';
import { linkCodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import {
  countOwnLinks,
  insertLink,
  listOwnLinks,
  newCode,
  ownLinksByCode,
  softDeleteOwnLink,
  type LinkWithStats,
} from './links.repo.js';

export interface LinksDependencies {
  db: Database;
  publicUrl: string;
  /** Told when a link is deleted, so its codes stop redirecting at once. */
  onDeleted?: (linkId: string) => void;
}

function toTrackedLink(publicUrl: string, link: LinkWithStats): TrackedLink {
  return {
    id: link.id,
    code: link.code,
    label: link.label,
    targetUrl: link.targetUrl,
    shortUrl: shortUrlOf(publicUrl, link.code),
    createdAt: link.createdAt.toISOString(),
    clicks: { visitors: link.visitors, bots: link.bots },
    bySubreddit: link.bySubreddit,
  };
}

export async function listLinks(deps: LinksDependencies, userId: string): Promise<TrackedLink[]> {
  return (await listOwnLinks(deps.db, userId)).map((link) => toTrackedLink(deps.publicUrl, link));
}

export async function createLink(
  deps: LinksDependencies,
  userId: string,
  input: { label: string; targetUrl: string },
) {
  // A tracked link leading to a tracked link would loop, or hide where the click went.
  if (new URL(input.targetUrl).href.startsWith(`${baseUrlOf(deps.publicUrl)}/l/`))
    throw new AppError(422, linkTexts.urlOwnServer, 'LINK_LOOP', { field: 'targetUrl' });
  if ((await countOwnLinks(deps.db, userId)) >= linkLimits.perUser)
    throw new AppError(422, linkTexts.tooMany, 'TOO_MANY_LINKS');
  const { link } = await insertLink(deps.db, userId, input.label, input.targetUrl);
  const [listed] = await listOwnLinks(deps.db, userId, link.id);
  return { message: linkTexts.created, link: toTrackedLink(deps.publicUrl, listed!) };
}

export async function deleteLink(deps: LinksDependencies, userId: string, id: string) {
  if (!(await softDeleteOwnLink(deps.db, userId, id))) throw AppError.notFound(linkTexts.notFound);
  deps.onDeleted?.(id);
  return { message: linkTexts.deleted };
}

export interface PostVariants {
  /** The texts with each of the creator's tracked links replaced by this post's own variant. */
  texts: Array<string | null>;
  /** The variant codes to record once the post has its id. */
  codes: { code: string; linkId: string }[];
}

/**
 * Gives a post its own variant of every tracked link it carries (in its body or first comment), so a
 * click is known by post and subreddit. Links of other users, deleted links and other addresses stay
 * as they are.
 */
export async function withPostVariants(
  deps: LinksDependencies,
  userId: string,
  texts: Array<string | null | undefined>,
): Promise<PostVariants> {
  const pattern = trackedLinkPattern(deps.publicUrl);
  const found = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(pattern)) found.add(match[1]!);
  const own = await ownLinksByCode(deps.db, userId, [...found]);
  if (own.length === 0) return { texts: texts.map((text) => text ?? null), codes: [] };
  const variants = new Map(own.map((row) => [row.code, { code: newCode(), linkId: row.linkId }]));
  const rewritten = texts.map((text) =>
    text == null
      ? null
      : text.replace(pattern, (whole, code: string) => {
          const variant = variants.get(code);
          return variant ? shortUrlOf(deps.publicUrl, variant.code) : whole;
        }),
  );
  return { texts: rewritten, codes: [...variants.values()] };
}

/** Records the post's variants (inside the transaction that saves the post). */
export async function recordPostVariants(
  db: Database,
  codes: PostVariants['codes'],
  post: { id: string; subreddit: string },
) {
  if (codes.length === 0) return;
  await db
    .insert(linkCodes)
    .values(codes.map((code) => ({ ...code, postId: post.id, subreddit: post.subreddit })));
}
