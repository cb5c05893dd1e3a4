import { z } from 'zod';
import { emailMaxLength, emailPattern } from './auth';
import { noticeDate } from './dmca-notice';
import { traceResultSchema, type TraceResult } from './leak-trace';
import { requiredTakedownContactFields } from './takedown-contact';

/**
 * Leak cases (docs/leak-cases.md): a copy of the creator's picture found where it should not be,
 * the takedown notice she sends for it, and what became of it. Made from a "Trace a leak" answer
 * (which becomes the notice's evidence) or by hand. /api/leak-cases and the /leaks/cases pages.
 */

export const leakCaseStatuses = ['found', 'notice_sent', 'removed', 'rejected'] as const;
export type LeakCaseStatus = (typeof leakCaseStatuses)[number];

export const leakCaseStatusLabels: Record<LeakCaseStatus, string> = {
  found: 'Found',
  notice_sent: 'Notice sent',
  removed: 'Removed',
  rejected: 'Host refused',
};

export const leakCaseLimits = {
  title: 120,
  urls: 20,
  url: 2000,
  hostName: 253,
  abuseContact: 2000,
  workDescription: 2000,
  notes: 2000,
  /** The trace answer kept as evidence, as JSON text: far more than a real one needs. */
  evidenceChars: 20_000,
  perUser: 500,
} as const;

const limits = leakCaseLimits;

export const leakCaseTexts = {
  notFound: 'Leak case not found. It may have been deleted; open Leak cases to see the ones you have.',
  photoNotFound: 'Gallery photo not found. Choose one of your own photos, or leave the photo out.',
  tracedCopyNotFound:
    'The copy this trace names is not one of yours. Trace the picture again, or add the case by hand.',
  urlsRequired: 'Paste at least one address where the copy is posted.',
  urlInvalid:
    'Each address of the copy must be a full web address starting with http:// or https://, for example https://example.com/page.',
  tooManyUrls: `Add at most ${limits.urls} addresses to one case. Start another case for the rest.`,
  urlsList: 'The addresses of the copy must be a list of web addresses.',
  titleText: 'The case name must be text.',
  titleTooLong: `The case name can be at most ${limits.title} characters.`,
  hostNameText: 'The site name must be text.',
  hostNameTooLong: `The site name can be at most ${limits.hostName} characters.`,
  abuseContactInvalid:
    'The host’s abuse contact must be an e-mail address (for example abuse@example.com) or a web address starting with https://.',
  workDescriptionRequired:
    'Describe your original work, for example: “My photo in the red dress, first posted on Reddit in March 2026.”',
  workDescriptionTooLong: `The description of your work can be at most ${limits.workDescription} characters.`,
  notesText: 'Notes must be text.',
  notesTooLong: `Notes can be at most ${limits.notes} characters.`,
  statusInvalid: 'Status must be found, notice_sent, removed or rejected.',
  evidenceInvalid: 'The trace answer could not be read. Trace the picture again, or add the case by hand.',
  evidenceTooLarge:
    'The trace answer is too large to keep. Trace the picture again, or add the case by hand.',
  nothingToChange: 'Send at least one field to change.',
  tooMany: `You can keep up to ${limits.perUser} leak cases. Delete the ones that are settled to add more.`,
  deleted: 'Leak case deleted.',
  /** The notice cannot be downloaded without these; `fields` are the missing ones' names. */
  contactMissing: (fields: readonly string[]) =>
    `A takedown notice must carry your ${listOf(fields)}. Add ${fields.length > 1 ? 'them' : 'it'} in Settings → Takedown contact details, then download the notice again.`,
  /** Said plainly wherever a notice is shown. */
  disclaimer:
    'This notice is a template to help you, not legal advice. Read it before you send it, and ask a lawyer if your situation is unusual.',
  defaultTitle: (host: string) => `Leak on ${host}`,
} as const;

/** "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

// Invisible control characters are dropped; multi-line texts keep their line breaks.
const controls = /[^\P{Cc}\n]/gu;
const oneLine = (text: string) => text.replace(controls, ' ').replace(/\s+/g, ' ').trim();
const multiLine = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(controls, '')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** An http(s) address with a real host name (example.com), checked by the URL parser, not a pattern. */
export function isWebAddress(value: string): boolean {
  // The URL parser quietly drops or encodes spaces and control characters: a paste that has them
  // is refused instead of being stored as something else.
  if (/[\p{Cc}\p{Z}\ufeff]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The site's name from an address: "www.leaks.example" → "leaks.example". */
export function hostNameOf(address: string): string {
  const host = new URL(address).hostname;
  return host.startsWith('www.') ? host.slice(4) : host;
}

export function isAbuseContact(value: string): boolean {
  if (value.includes('@') && !value.includes('/'))
    return value.length <= emailMaxLength && emailPattern.test(value);
  return isWebAddress(value);
}

/**
 * A text that may be null or blank, both meaning "not given" (null); left out it stays undefined,
 * which a change (PATCH) reads as "keep what is there".
 */
const optionalText = (clean: (text: string) => string, max: number, typeMessage: string, tooLong: string) =>
  z
    .string({ message: typeMessage })
    .nullish()
    .transform((text) => (text === undefined ? undefined : (text ? clean(text) : '') || null))
    .pipe(z.string().max(max, { message: tooLong, abort: true }).nullish());

const webAddress = z
  .string({ message: leakCaseTexts.urlInvalid })
  .trim()
  .max(limits.url, { message: leakCaseTexts.urlInvalid, abort: true })
  .refine(isWebAddress, leakCaseTexts.urlInvalid);

/** Blank lines and repeats are left out, so a pasted list with gaps is fine. */
const infringingUrls = z
  .array(z.string({ message: leakCaseTexts.urlInvalid }), { message: leakCaseTexts.urlsList })
  // The raw cap only bounds the work on a hostile body; the real limit applies after cleaning.
  .max(limits.urls * 5, leakCaseTexts.tooManyUrls)
  .transform((urls) => [...new Set(urls.map((url) => url.trim()).filter(Boolean))])
  .pipe(
    z
      .array(webAddress)
      .min(1, leakCaseTexts.urlsRequired)
      .max(limits.urls, { message: leakCaseTexts.tooManyUrls, abort: true }),
  );

// "mailto:abuse@host" is pasted from a link as often as the address itself.
const withoutMailto = (text: string) => {
  const line = oneLine(text);
  return line.toLowerCase().startsWith('mailto:') ? line.slice('mailto:'.length).trim() : line;
};

const abuseContact = optionalText(
  withoutMailto,
  limits.abuseContact,
  leakCaseTexts.abuseContactInvalid,
  leakCaseTexts.abuseContactInvalid,
).refine((value) => value == null || isAbuseContact(value), leakCaseTexts.abuseContactInvalid);

const workDescription = z
  .string({ message: leakCaseTexts.workDescriptionRequired })
  .transform(multiLine)
  .pipe(
    z
      .string()
      .min(1, leakCaseTexts.workDescriptionRequired)
      .max(limits.workDescription, leakCaseTexts.workDescriptionTooLong),
  );

// One message for any malformed answer: its inner field names mean nothing to the creator.
const evidence = z
  .union([traceResultSchema, z.null()], { message: leakCaseTexts.evidenceInvalid })
  .optional()
  .refine((value) => value == null || JSON.stringify(value).length <= limits.evidenceChars, {
    message: leakCaseTexts.evidenceTooLarge,
    abort: true,
  })
  // A NUL character cannot be stored in a JSON column; no real trace answer has one.
  .refine(
    (value) => value == null || !JSON.stringify(value).includes('\\u0000'),
    leakCaseTexts.evidenceInvalid,
  );

const caseFields = {
  title: optionalText(oneLine, limits.title, leakCaseTexts.titleText, leakCaseTexts.titleTooLong),
  infringingUrls,
  hostName: optionalText(oneLine, limits.hostName, leakCaseTexts.hostNameText, leakCaseTexts.hostNameTooLong),
  hostAbuseContact: abuseContact,
  workDescription,
  mediaAssetId: z.uuid({ message: leakCaseTexts.photoNotFound }).nullish(),
  notes: optionalText(multiLine, limits.notes, leakCaseTexts.notesText, leakCaseTexts.notesTooLong),
};

/**
 * POST /api/leak-cases. Left out: the title becomes "Leak on <site>", the site name comes from
 * the first address. `evidence` is the trace answer the case was made from (null by hand).
 */
export const createLeakCaseSchema = z.strictObject({
  ...caseFields,
  evidence,
});
export type CreateLeakCaseInput = z.input<typeof createLeakCaseSchema>;

/** PATCH /api/leak-cases/:id: any subset; a status change stamps its date (docs/leak-cases.md). */
export const updateLeakCaseSchema = z.strictObject({
  title: caseFields.title,
  infringingUrls: infringingUrls.optional(),
  hostName: caseFields.hostName,
  hostAbuseContact: caseFields.hostAbuseContact,
  workDescription: workDescription.optional(),
  mediaAssetId: caseFields.mediaAssetId,
  notes: caseFields.notes,
  status: z.enum(leakCaseStatuses, { message: leakCaseTexts.statusInvalid }).optional(),
});
export type UpdateLeakCaseInput = z.input<typeof updateLeakCaseSchema>;

export const leakCaseParamsSchema = z.strictObject({
  id: z.uuid({ message: 'id must be a valid id (UUID)' }),
});

export const leakCaseListQuerySchema = z.strictObject({
  status: z.enum(leakCaseStatuses, { message: leakCaseTexts.statusInvalid }).optional(),
});

const iso = z.iso.datetime({ offset: true });

export const leakCaseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(leakCaseStatuses),
  infringingUrls: z.array(z.string()),
  hostName: z.string(),
  hostAbuseContact: z.string().nullable(),
  workDescription: z.string(),
  mediaAssetId: z.string().nullable(),
  /** The linked gallery photo while it is still in the gallery. */
  photo: z.object({ id: z.string(), fileName: z.string(), createdAt: iso }).nullable(),
  evidence: traceResultSchema.nullable(),
  notes: z.string().nullable(),
  foundAt: iso,
  noticeSentAt: iso.nullable(),
  removedAt: iso.nullable(),
  rejectedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type LeakCase = z.infer<typeof leakCaseSchema>;

export const leakCaseListResponseSchema = z.object({ cases: z.array(leakCaseSchema) });
export const leakCaseResponseSchema = z.object({ case: leakCaseSchema });
export const leakCaseDeletedSchema = z.object({ message: z.string() });

/** GET /api/leak-cases/:id/notice: the notice as text, and what it still lacks. */
export const leakCaseNoticeSchema = z.object({
  subject: z.string(),
  text: z.string(),
  /** Where to send it: the host's abuse contact, when she entered one. */
  recipient: z.string().nullable(),
  /** Contact details the notice needs and Settings does not have yet; the PDF waits for them. */
  missingContact: z.array(z.enum(requiredTakedownContactFields)),
  /** Characters the PDF's font cannot show, written there in Latin letters or as '?'. */
  pdfReplacedCharacters: z.array(z.string()),
  pdfFileName: z.string(),
});
export type LeakCaseNotice = z.infer<typeof leakCaseNoticeSchema>;

/** How a trace told the copy, in words for the page. */
export const traceMethodLabels: Record<TraceResult['method'], string> = {
  mark: 'Invisible mark',
  hash: 'Picture fingerprint',
  none: 'No match',
};

/** The description a case made from a trace starts with; she can change it. */
export function workDescriptionFromTrace(trace: TraceResult): string {
  const copy = trace.copy;
  if (!copy) return '';
  const photo = copy.fileName ? `My photo "${copy.fileName}"` : 'My photo';
  if (copy.kind === 'post' && copy.subreddit && copy.sentAt)
    return `${photo}, which I posted to r/${copy.subreddit} on ${noticeDate(copy.sentAt)}.`;
  return `${photo}.`;
}

/** Every text of the /leaks/cases pages. */
export const leakCasePageTexts = {
  listTitle: 'Leak cases',
  listDescription:
    'Copies of your pictures posted without you, and the takedown notices you send to have them removed.',
  traceLink: 'Trace a leak',
  addByHand: 'Add a case by hand',
  filterLabel: 'Show',
  filterAll: 'All cases',
  listLabel: 'Your leak cases',
  loading: 'Loading your leak cases...',
  loadFailed: 'Your leak cases could not be loaded',
  emptyTitle: 'No leak cases yet',
  emptyText:
    'Found one of your pictures somewhere it should not be? Trace it to learn which of your posts it came from, or add the case by hand. Each case gives you a takedown notice ready to send.',
  emptyFiltered: 'No cases with this status.',
  found: 'Found',
  noticeSent: 'Notice sent',
  removed: 'Removed',
  rejected: 'Host refused',

  newTitle: 'New leak case',
  newDescription:
    'Where did you find the copy? The case keeps its addresses and makes a takedown notice for them.',
  fromTrace: 'From your trace',
  traceConfidence: (confidence: number) => `Confidence: ${Math.round(confidence * 100)}%`,
  traceNoMatch:
    'The trace found none of your copies, so the notice will carry no evidence from it. You can still send it.',
  urlsLabel: 'Addresses of the copy',
  urlsHint: 'Paste each web address where the copy is posted, one per line.',
  workLabel: 'Your original work',
  workHint: 'What the picture is and where you first published it, so the host can tell it is yours.',
  hostLabel: 'Site name (optional)',
  hostHint: 'Taken from the first address when left empty.',
  abuseLabel: 'Host’s abuse contact (optional)',
  abuseHint:
    'The e-mail address or web form the site gives for copyright complaints, often on its DMCA, Abuse or Contact page.',
  titleLabel: 'Case name (optional)',
  notesLabel: 'Notes (optional)',
  save: 'Save case',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Leak case saved',
  savedText: 'Its takedown notice is ready below.',
  notSaved: 'Leak case not saved',
  editCase: 'Edit case',
  editTitle: 'Edit leak case',
  saveChanges: 'Save changes',
  changedText: 'The notice now uses your changes.',

  backToList: 'All leak cases',
  caseLoadFailed: 'This leak case could not be loaded',
  detailsTitle: 'The case',
  statusLabel: 'Status',
  statusGroup: 'Update the status',
  markNoticeSent: 'Notice sent',
  markRemoved: 'Removed',
  markRejected: 'Host refused',
  reopen: 'Reopen',
  statusSaved: 'Status updated',
  statusSavedText: (label: string) => `This case is now marked “${label}”.`,
  statusNotSaved: 'Status not updated',
  urlsTitle: 'Where the copy is',
  hostTitle: 'Site',
  abuseTitle: 'Abuse contact',
  abuseMissing: 'Not entered. Look for a DMCA, Abuse or Contact page on the site.',
  workTitle: 'Your original work',
  photoTitle: 'Gallery photo',
  evidenceTitle: 'Evidence from the trace',
  notesTitle: 'Notes',
  datesTitle: 'Dates',

  noticeTitle: 'Takedown notice',
  noticeLoading: 'Writing your notice...',
  noticeLoadFailed: 'The notice could not be made',
  subjectLabel: 'Subject',
  sendTo: 'Send it to',
  sendToUnknown: (host: string) =>
    `The copyright agent of ${host}: look for a DMCA, Abuse or Contact page on the site, or search “${host} DMCA agent”.`,
  noticeTextLabel: 'Notice text',
  copySubject: 'Copy subject',
  copyNotice: 'Copy notice text',
  downloadPdf: 'Download PDF',
  downloading: 'Preparing PDF...',
  downloaded: 'PDF downloaded',
  downloadedText: (fileName: string) => `${fileName} is in your downloads.`,
  downloadFailed: 'PDF not downloaded',
  contactMissingTitle: 'Your notice needs your contact details',
  contactMissingText: (fields: readonly string[]) =>
    `A takedown notice must carry your ${listOf(fields)}. Until then you can read it, but not copy or download it.`,
  contactMissingLink: 'Add them in Settings',
  pdfCharacters: (characters: readonly string[]) =>
    `The PDF’s font cannot show ${characters.join(' ')}, so the PDF writes them in Latin letters or as “?”. The copied text keeps them as they are.`,

  deleteCase: 'Delete case',
  deleteTitle: 'Delete this leak case?',
  deleteText: 'The case and its notice go for good here. Nothing changes at the site that hosts the copy.',
  deleting: 'Deleting...',
  deleteFailed: 'Leak case not deleted',
} as const;
