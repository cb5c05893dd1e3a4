import { z } from 'zod';

/**
 * What "Trace a leak" answers about a found picture (docs/leak-tracing.md): which of the
 * creator's own copies it is. Read from the invisible mark when one survives (method "mark"),
 * otherwise matched against the perceptual hashes of her own copies and originals ("hash"),
 * with how sure the answer is. Only the creator's own registry is ever searched.
 *
 * A leak case (DMCA notice) keeps this answer as its evidence, so it is one shared shape.
 */
export const traceMethods = ['mark', 'hash', 'none'] as const;
export type TraceMethod = (typeof traceMethods)[number];

/** One of the creator's copies, as the copy registry knows it. */
export const tracedCopySchema = z.object({
  /** The registry row's id. */
  copyId: z.string(),
  /** The mark carried by the copy, as 12 hexadecimal digits (48 bits). */
  markHex: z.string().nullable(),
  /** What the copy was made for. */
  kind: z.enum(['protected', 'post', 'download']),
  mediaAssetId: z.string().nullable(),
  /** The gallery photo's file name, when it still exists. */
  fileName: z.string().nullable(),
  postId: z.string().nullable(),
  subreddit: z.string().nullable(),
  campaignId: z.string().nullable(),
  /** The Reddit account the post went out from (username), when known. */
  redditAccount: z.string().nullable(),
  /** Where the post is on Reddit, once it was sent. */
  postUrl: z.string().nullable(),
  madeAt: z.string(),
  sentAt: z.string().nullable(),
  /** A small picture of the gallery photo, while it is there (a signed link that expires). */
  thumbnailUrl: z.string().nullable().optional(),
});
export type TracedCopy = z.infer<typeof tracedCopySchema>;

export const traceResultSchema = z.object({
  method: z.enum(traceMethods),
  /** 0–1: how sure the answer is (a mark read with a valid checksum is near 1). */
  confidence: z.number().min(0).max(1),
  /** One sentence a person understands, e.g. "This is the copy you posted to r/… on …". */
  summary: z.string(),
  /** The copy it is (mark), or the closest of hers (hash); null when nothing of hers matched. */
  copy: tracedCopySchema.nullable(),
  /** For a hash match: the hash distances that decided it, for the notice's evidence. */
  hashDistances: z.array(z.object({ name: z.string(), distance: z.number(), threshold: z.number() })),
  tracedAt: z.string(),
  /**
   * For a hash match with her original photo rather than with a copy we made: the photo it is. The
   * original itself got out (not through a copy from this app), so no copy is named.
   */
  matchedOriginal: z
    .object({
      mediaAssetId: z.string().nullable(),
      fileName: z.string().nullable(),
      thumbnailUrl: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type TraceResult = z.infer<typeof traceResultSchema>;

/** Tracing decodes and hashes a whole picture: a generous hourly allowance per account. */
export const traceLimits = { perHour: 60 } as const;

let day: Intl.DateTimeFormat | undefined;
/** "Nov 26, 2026": the day a copy was made or posted, in UTC (the server does not know the reader's zone). */
export const formatTraceDay = (iso: string) =>
  (day ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).format(new Date(iso));

const photoName = (fileName: string | null) =>
  fileName ? `"${fileName}"` : 'a photo since deleted from your gallery';

/** How sure a hash match is, in words; the number itself is in `confidence`. */
export function certaintyWords(confidence: number): string {
  if (confidence >= 0.8) return 'very likely';
  if (confidence >= 0.6) return 'likely';
  return 'possibly';
}

/** Which of her copies it is, in one phrase (after "This is" / "it looks like"). */
export function copyPhrase(copy: TracedCopy): string {
  if (copy.kind === 'post') {
    const where = copy.subreddit ? `r/${copy.subreddit}` : 'Reddit';
    const from = copy.redditAccount ? ` from u/${copy.redditAccount}` : '';
    if (copy.sentAt) return `the copy you posted to ${where} on ${formatTraceDay(copy.sentAt)}${from}`;
    return `the copy made on ${formatTraceDay(copy.madeAt)} for your post to ${where}${from}, which has not been sent`;
  }
  if (copy.kind === 'download')
    return `the copy of ${photoName(copy.fileName)} you downloaded on ${formatTraceDay(copy.madeAt)}`;
  return `your ImageShield copy of ${photoName(copy.fileName)} made on ${formatTraceDay(copy.madeAt)}`;
}

/** Every sentence "Trace a leak" answers with, and its errors (the web and the tests use these). */
export const leakTraceTexts = {
  pageTitle: 'Trace a leak',
  intro:
    'Found one of your photos somewhere it should not be? Upload it: we look for the invisible mark each copy we make for you carries, then for its image fingerprints, and tell you which of your copies it is.',
  privacy: 'Only your own copies are searched. The picture you upload is not kept.',
  chooseFile: 'Choose a picture',
  dropHint: 'or drop it here. JPEG, PNG, WebP, GIF or AVIF.',
  tracing: 'Looking for your mark…',
  traceAnother: 'Trace another picture',
  startTakedown: 'Start a takedown notice',
  openPost: 'Open the post on Reddit',
  resultHeading: 'What we found',
  markFound: (copy: TracedCopy) => `This is ${copyPhrase(copy)}.`,
  hashFound: (copy: TracedCopy, confidence: number) =>
    `No mark of yours survived in this picture, but it ${certaintyWords(confidence)} is ${copyPhrase(copy)} (matched by its image fingerprints).`,
  hashFoundOneOfMany: (fileName: string | null, confidence: number, posts: number) =>
    `No mark of yours survived in this picture, but it ${certaintyWords(confidence)} comes from ${fileName ? `your photo "${fileName}"` : 'a photo since deleted from your gallery'}, which went out in ${posts} posts: without the mark we cannot tell which of them it came from.`,
  originalFound: (fileName: string | null, confidence: number) =>
    `No mark of yours was found, but this ${certaintyWords(confidence)} is ${fileName ? `your original photo "${fileName}"` : 'the original of a photo since deleted from your gallery'}, not a copy we made: the original itself got out (from a device, a cloud folder or another site).`,
  none: 'No mark of yours was found in this picture, and it does not match any copy of your photos we made. If it is your photo, it may have been cropped or edited a lot, or it did not come from this app.',
  onlyImages: 'Only pictures can be traced: upload a JPEG, PNG, WebP, GIF or AVIF file.',
  limitReached: (minutes: number) =>
    `You have traced ${traceLimits.perHour} pictures this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  failed: 'The picture could not be traced. Check your connection and try again.',
} as const;

/** One ImageShield copy of a photo, kept after protecting again, with the posts sent from it. */
export const photoCopySchema = z.object({
  copyId: z.string(),
  markHex: z.string().nullable(),
  madeAt: z.string(),
  protectionLevel: z.string().nullable(),
  bytes: z.number(),
  /** The copy the photo uses now (new posts are made from it); it cannot be deleted on its own. */
  current: z.boolean(),
  fileDeleted: z.boolean(),
  posts: z.array(
    z.object({
      postId: z.string().nullable(),
      subreddit: z.string().nullable(),
      redditAccount: z.string().nullable(),
      sentAt: z.string().nullable(),
      postUrl: z.string().nullable(),
    }),
  ),
});
export type PhotoCopy = z.infer<typeof photoCopySchema>;
export const photoCopiesResponseSchema = z.object({ copies: z.array(photoCopySchema) });
export const deleteCopyResponseSchema = z.object({ message: z.string() });

export const photoCopyTexts = {
  deleted:
    'The earlier copy was deleted and no longer counts toward your storage. Pictures of it already out there can still be traced.',
  currentCopy:
    "This is the photo's current protected copy. Protect the photo again to replace it, or delete the photo.",
  notFound: 'This copy was not found. It may have been deleted already.',
} as const;
