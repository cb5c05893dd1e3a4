import { buildNotice, noticeText, type Notice } from '@app/shared/dmca-notice';
import { leakCaseTexts, type LeakCaseNotice } from '@app/shared/leak-cases';
import { missingTakedownContact, takedownContactTexts } from '@app/shared/takedown-contact';
import { toWinAnsi } from '@app/shared/win-ansi';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findTakedownContact } from '../settings/takedown-contact.repo.js';
import { renderNoticePdf } from './leak-case-notice.pdf.js';
import { getCase } from './leak-cases.service.js';

/** The code of the 409 a PDF answers while her contact details are missing. */
export const takedownContactMissingCode = 'TAKEDOWN_CONTACT_MISSING';

/** "takedown-notice-leaks.example-2026-11-27.pdf": only plain letters, so every browser keeps it. */
function pdfFileNameOf(hostName: string, date: Date): string {
  const host = [...hostName.toLowerCase()].filter((char) => /[a-z0-9.-]/.test(char)).join('') || 'host';
  return `takedown-notice-${host.slice(0, 60)}-${date.toISOString().slice(0, 10)}.pdf`;
}

/** The case's notice from its own rows and her takedown contact details. */
async function noticeFor(db: Database, userId: string, id: string, now: Date) {
  const found = await getCase(db, userId, id);
  const contact = await findTakedownContact(db, userId);
  const notice = buildNotice({
    date: now,
    hostName: found.hostName,
    hostAbuseContact: found.hostAbuseContact,
    workDescription: found.workDescription,
    photo: found.photo,
    infringingUrls: found.infringingUrls,
    evidence: found.evidence,
    contact,
  });
  return { found, notice, missing: missingTakedownContact(contact) };
}

function replacedCharacters(notice: Notice): string[] {
  const all = [notice.subject, ...notice.lines.map((line) => line.text)].flatMap(
    (text) => toWinAnsi(text).replaced,
  );
  return [...new Set(all)];
}

export async function noticeOf(
  db: Database,
  userId: string,
  id: string,
  now = new Date(),
): Promise<LeakCaseNotice> {
  const { found, notice, missing } = await noticeFor(db, userId, id, now);
  return {
    subject: notice.subject,
    text: noticeText(notice),
    recipient: notice.recipient,
    missingContact: missing,
    pdfReplacedCharacters: replacedCharacters(notice),
    pdfFileName: pdfFileNameOf(found.hostName, now),
  };
}

/** The PDF to send; refused (409) until the notice can carry her signature and contact details. */
export async function noticePdfOf(db: Database, userId: string, id: string, now = new Date()) {
  const { found, notice, missing } = await noticeFor(db, userId, id, now);
  if (missing.length) {
    const names = missing.map((field) => takedownContactTexts.fieldNames[field]);
    throw new AppError(409, leakCaseTexts.contactMissing(names), takedownContactMissingCode);
  }
  return { bytes: await renderNoticePdf(notice), fileName: pdfFileNameOf(found.hostName, now) };
}
