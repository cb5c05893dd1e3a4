import { z } from 'zod';

/**
 * Tracked links (docs/tracked-links.md): short links to a creator's own pages, `/l/<code>` on this
 * server. A post or first comment that carries one gets its own variant, so each click is known by
 * post and subreddit.
 */
export const linkLimits = { labelMax: 80, urlMax: 2000, perUser: 100 } as const;

/** Clicks from one visitor within this window count once. */
export const clickDedupeMinutes = 30;

export const linkTexts = {
  created: 'Tracked link created',
  deleted: 'Tracked link deleted: it no longer redirects.',
  notFound: 'That tracked link does not exist (it may have been deleted).',
  urlInvalid:
    'Enter the full address of your page, starting with https:// (for example https://onlyfans.com/yourname).',
  urlOwnServer: 'A tracked link must lead to your own page elsewhere, not to another tracked link.',
  labelRequired: 'Give the link a name you will recognise, for example "OnlyFans".',
  labelTooLong: `A link's name is at most ${linkLimits.labelMax} characters.`,
  tooMany: `You can keep up to ${linkLimits.perUser} tracked links. Delete one you no longer use.`,
  /** The page a bad or deleted code answers: nothing about whether it ever existed. */
  missing: 'Not found',
  missingText: 'This link does not lead anywhere. Check that you copied all of it.',
} as const;

export const createLinkRequestSchema = z.strictObject({
  label: z
    .string({ message: linkTexts.labelRequired })
    .trim()
    .min(1, { message: linkTexts.labelRequired })
    .max(linkLimits.labelMax, { message: linkTexts.labelTooLong }),
  targetUrl: z
    .string({ message: linkTexts.urlInvalid })
    .trim()
    .max(linkLimits.urlMax, { message: linkTexts.urlInvalid })
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          (url.hostname.includes('.') || url.hostname === 'localhost')
        );
      } catch {
        return false;
      }
    }, linkTexts.urlInvalid),
});
export type CreateLinkRequest = z.input<typeof createLinkRequestSchema>;

const clickCounts = z.object({
  /** Visitors, each counted once per 30 minutes. */
  visitors: z.number().int(),
  /** Link-preview fetchers and crawlers (Reddit's, Discord's, Twitter's, search engines), apart. */
  bots: z.number().int(),
});

export const trackedLinkSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  targetUrl: z.string(),
  /** The short address to share: `${PUBLIC_URL}/l/<code>`. */
  shortUrl: z.string(),
  createdAt: z.iso.datetime(),
  clicks: clickCounts,
  /** Clicks by the subreddit of the post that carried the link (its per-post variants). */
  bySubreddit: z.array(
    z.object({ subreddit: z.string(), posts: z.number().int() }).extend(clickCounts.shape),
  ),
});
export type TrackedLink = z.infer<typeof trackedLinkSchema>;

export const linkListResponseSchema = z.array(trackedLinkSchema);
export const linkCreatedResponseSchema = z.object({ message: z.string(), link: trackedLinkSchema });
export const linkParamsSchema = z.strictObject({ id: z.uuid({ message: 'id must be a valid id (UUID)' }) });
export const linkDeletedResponseSchema = z.object({ message: z.string() });

/** The server's address without trailing slashes (a loop: a regular expression here could backtrack). */
export function baseUrlOf(publicUrl: string): string {
  let base = publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return base;
}

/** The short address of a code. */
export const shortUrlOf = (publicUrl: string, code: string) => `${baseUrlOf(publicUrl)}/l/${code}`;

/** The tracked link's address in a text, as `${publicUrl}/l/<code>` (no variant yet). */
export function trackedLinkPattern(publicUrl: string): RegExp {
  const base = baseUrlOf(publicUrl).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${base}/l/([A-Za-z0-9]{6,12})(?![A-Za-z0-9-])`, 'g');
}
