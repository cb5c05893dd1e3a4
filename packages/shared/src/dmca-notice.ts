import type { TraceResult, TracedCopy } from './leak-trace';
import type { RequiredTakedownContactField, TakedownContact } from './takedown-contact';

/**
 * The takedown notice, written once: the copied text and the PDF are both made from these lines.
 * It carries every element 17 U.S.C. § 512(c)(3)(A) asks of a notice: (i) a signature, (ii) the
 * work, (iii) the infringing material and where it is, (iv) how to reach her, (v) the good-faith
 * statement and (vi) the accuracy statement under penalty of perjury with her authority to act.
 * When the case was traced, the evidence says in plain words which of her copies it is.
 */

export type NoticeLineStyle = 'title' | 'heading' | 'body' | 'bullet' | 'blank';

export interface NoticeLine {
  style: NoticeLineStyle;
  text: string;
}

export interface NoticeInput {
  /** The day the notice is made (shown in UTC). */
  date: Date;
  hostName: string;
  hostAbuseContact: string | null;
  workDescription: string;
  /** The gallery photo the case links to, while it is still in the gallery. */
  photo: { fileName: string; createdAt: string } | null;
  infringingUrls: string[];
  evidence: TraceResult | null;
  contact: TakedownContact;
}

export interface Notice {
  subject: string;
  recipient: string | null;
  lines: NoticeLine[];
}

/** Fixed wording of the statements the statute asks for. */
export const noticeStatements = {
  goodFaith:
    'I have a good faith belief that use of the copyrighted material described above in the manner complained of is not authorized by the copyright owner, its agent, or the law.',
  accuracy:
    'I swear, under penalty of perjury, that the information in this notification is accurate and that I am the copyright owner, or am authorized to act on behalf of the owner, of an exclusive right that is allegedly infringed.',
  request:
    'Please remove or disable access to the material listed above expeditiously, and let me know when you have done so.',
} as const;

/** Where each missing detail shows in a preview: the PDF is not made until they are given. */
const placeholders: Record<RequiredTakedownContactField, string> = {
  legalName: '[your full legal name - add it in Settings > Takedown contact details]',
  postalAddress: '[your postal address - add it in Settings > Takedown contact details]',
  email: '[your e-mail address - add it in Settings > Takedown contact details]',
};

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "27 November 2026": day first and the month in words, so no reader mistakes it. */
export function noticeDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

/** "the copy I posted to r/sub on 3 March 2026 from the Reddit account u/me (https://…)". */
export function describeCopy(copy: TracedCopy): string {
  const photo = copy.fileName ? ` of my photo "${copy.fileName}"` : '';
  if (copy.kind === 'post') {
    const to = copy.subreddit ? ` to r/${copy.subreddit}` : '';
    const when = ` on ${noticeDate(copy.sentAt ?? copy.madeAt)}`;
    const from = copy.redditAccount ? ` from the Reddit account u/${copy.redditAccount}` : '';
    const where = copy.postUrl ? ` (${copy.postUrl})` : '';
    return `the copy${photo} I ${copy.sentAt ? 'posted' : 'made for a post'}${to}${when}${from}${where}`;
  }
  if (copy.kind === 'download') return `the copy${photo} I made for download on ${noticeDate(copy.madeAt)}`;
  return `the protected copy${photo} I made on ${noticeDate(copy.madeAt)}`;
}

/** The evidence in plain words, or nothing when the trace found no copy of hers. */
export function evidenceSentences(evidence: TraceResult | null): string[] {
  if (!evidence || evidence.method === 'none' || !evidence.copy) return [];
  const traced = `I identified it on ${noticeDate(evidence.tracedAt)}, with a confidence of ${percent(evidence.confidence)}.`;
  if (evidence.method === 'mark') {
    const mark = evidence.copy.markHex ? ` (${evidence.copy.markHex})` : '';
    return [
      'The copy at the addresses above carries an invisible identifying mark that is embedded in the copies of my pictures I publish.',
      `The mark read from it${mark} is the mark of ${describeCopy(evidence.copy)}.`,
      traced,
    ];
  }
  return [
    `The copy at the addresses above matches ${describeCopy(evidence.copy)} by its perceptual fingerprint, a comparison of what the two pictures show.`,
    ...evidence.hashDistances.map(
      (hash) =>
        `${hash.name}: difference ${hash.distance}, where ${hash.threshold} or less means the same picture.`,
    ),
    traced,
  ];
}

const body = (text: string): NoticeLine => ({ style: 'body', text });
const blank: NoticeLine = { style: 'blank', text: '' };
const heading = (text: string): NoticeLine => ({ style: 'heading', text });

/** Each line of a multi-line text as its own line (a postal address, a description). */
const bodyLines = (text: string) => text.split('\n').map((line) => (line.trim() ? body(line) : blank));

export function buildNotice(input: NoticeInput): Notice {
  const { contact } = input;
  const given = (field: RequiredTakedownContactField) => contact[field] ?? placeholders[field];
  const name = given('legalName');
  const recipient = input.hostAbuseContact;
  const date = noticeDate(input.date);
  const evidence = evidenceSentences(input.evidence);
  const published = input.evidence?.copy?.postUrl;

  const work = [
    ...bodyLines(input.workDescription),
    ...(input.photo
      ? [
          body(
            `The original is my photo "${input.photo.fileName}", dated ${noticeDate(input.photo.createdAt)}.`,
          ),
        ]
      : []),
    ...(published ? [body(`I published it myself at ${published}.`)] : []),
  ];

  const lines: NoticeLine[] = [
    { style: 'title', text: 'DMCA Takedown Notice' },
    blank,
    body(`Date: ${date}`),
    body(`To: ${recipient ?? `the designated copyright agent of ${input.hostName}`}`),
    body(`From: ${name}`),
    blank,
    body(`To the copyright agent of ${input.hostName}:`),
    blank,
    body(
      `I am writing under the Digital Millennium Copyright Act, 17 U.S.C. § 512(c)(3), to notify you that material on ${input.hostName} infringes my copyright.`,
    ),
    blank,
    heading('1. The copyrighted work'),
    ...work,
    blank,
    heading('2. The infringing material'),
    body('Copies of my work are posted without my permission at these addresses:'),
    ...input.infringingUrls.map((url): NoticeLine => ({ style: 'bullet', text: url })),
    ...(evidence.length ? [blank, heading('3. How I know it is my work'), ...evidence.map(body)] : []),
    blank,
    heading(`${evidence.length ? 4 : 3}. My contact information`),
    body(`Name: ${name}`),
    body('Address:'),
    ...bodyLines(given('postalAddress')),
    body(`E-mail: ${given('email')}`),
    ...(contact.phone ? [body(`Phone: ${contact.phone}`)] : []),
    blank,
    heading(`${evidence.length ? 5 : 4}. Statements`),
    body(noticeStatements.goodFaith),
    body(noticeStatements.accuracy),
    blank,
    body(noticeStatements.request),
    blank,
    body(`Signature: /${name}/`),
    body(`Name: ${name}`),
    body(`Date: ${date}`),
  ];

  return {
    subject: `DMCA takedown notice: copyright infringement on ${input.hostName}`,
    recipient,
    lines,
  };
}

/** The notice as plain text, for copying into an e-mail or a host's web form. */
export function noticeText(notice: Notice): string {
  return notice.lines.map((line) => (line.style === 'bullet' ? `- ${line.text}` : line.text)).join('\n');
}
