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
});
export type TraceResult = z.infer<typeof traceResultSchema>;
