import { z } from 'zod';

/**
 * Cursor paging for the lists that grow with a creator's history (docs/decisions/032-cursor-paging.md).
 *
 * A list answers one page in its usual shape and, when more follow, names the next page in the
 * `X-Next-Cursor` response header (and a `Link: <…>; rel="next"` header). The cursor is opaque to
 * clients: they send it back unchanged as `?cursor=`. It encodes the sort key of the page's last
 * item, so items added or removed meanwhile never shift a later page (no duplicates, no gaps).
 */
export const pageSizeDefault = 50;
export const pageSizeMax = 100;
export const nextCursorHeader = 'x-next-cursor';

export const pagingTexts = {
  limitInvalid: `limit must be a whole number between 1 and ${pageSizeMax}`,
  cursorInvalid: 'cursor is not valid: start again from the first page (leave cursor out)',
} as const;

const limitSchema = z.coerce
  .number({ message: pagingTexts.limitInvalid })
  .int({ message: pagingTexts.limitInvalid })
  .min(1, { message: pagingTexts.limitInvalid })
  .max(pageSizeMax, { message: pagingTexts.limitInvalid })
  .default(pageSizeDefault);

/** base64url text only; the server decodes it and answers 400 with cursorInvalid when it does not parse. */
const cursorSchema = z
  .string({ message: pagingTexts.cursorInvalid })
  .max(400, { message: pagingTexts.cursorInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { message: pagingTexts.cursorInvalid });

/** Spread into a list's querystring schema: `z.strictObject({ ...cursorPageFields, ...filters })`. */
export const cursorPageFields = { limit: limitSchema, cursor: cursorSchema.optional() };

export const cursorPageQuerySchema = z.strictObject(cursorPageFields);
export type CursorPageQuery = z.infer<typeof cursorPageQuerySchema>;
