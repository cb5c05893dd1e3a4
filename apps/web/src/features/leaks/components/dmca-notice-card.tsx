import { CircleAlert, Download, FileText, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import {
  isAbuseContact,
  leakCasePageTexts as texts,
  leakCaseTexts,
  type LeakCase,
} from '@app/shared/leak-cases';
import { takedownContactTexts } from '@app/shared/takedown-contact';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { userFacingMessage } from '../../../lib/request';
import { useDownloadLeakCasePdf } from '../api/download-leak-case-pdf';
import { useLeakCaseNotice } from '../api/get-leak-case-notice';

/** Where to send it: a mail link for an address, a plain link for a web form. */
function Recipient({ contact }: { contact: string }) {
  const email = !contact.includes('/') && contact.includes('@');
  if (!email && !isAbuseContact(contact)) return <span className="break-all">{contact}</span>;
  return (
    <a
      href={email ? `mailto:${contact}` : contact}
      target={email ? undefined : '_blank'}
      rel="noreferrer noopener"
      className="break-all text-rose-700 underline dark:text-rose-300"
    >
      {contact}
    </a>
  );
}

/**
 * The case's takedown notice: a preview, copy and PDF download, the "template, not legal advice"
 * note, and what is missing before it can be sent.
 */
export function DmcaNoticeCard({ item }: { item: LeakCase }) {
  const notice = useLeakCaseNotice(item.id);
  const download = useDownloadLeakCasePdf();
  // A notice without her name, address and e-mail is no valid notice: read it, but not send it.
  const incomplete = (notice.data?.missingContact.length ?? 0) > 0;

  return (
    <Card aria-labelledby="dmca-notice-title">
      <CardHeader>
        <CardTitle id="dmca-notice-title" className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5 text-rose-600 dark:text-rose-400" />{' '}
          {texts.noticeTitle}
        </CardTitle>
        <p role="note" className="text-sm text-zinc-600 dark:text-zinc-400">
          {leakCaseTexts.disclaimer}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {notice.isPending ? (
          <div role="status">
            <span className="sr-only">{texts.noticeLoading}</span>
            <div aria-hidden="true" className="h-64 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" />
          </div>
        ) : notice.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <CircleAlert aria-hidden="true" className="size-8 text-red-500" />
            <p className="font-semibold text-zinc-900 dark:text-white">{texts.noticeLoadFailed}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{userFacingMessage(notice.error)}</p>
            <Button variant="outline" onClick={() => void notice.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {notice.data.missingContact.length > 0 && (
              <div
                role="alert"
                className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
              >
                <p className="font-semibold">{texts.contactMissingTitle}</p>
                <p className="mt-1">
                  {texts.contactMissingText(
                    notice.data.missingContact.map((field) => takedownContactTexts.fieldNames[field]),
                  )}
                </p>
                <Link to="/settings#takedown-contact" className="mt-2 inline-block font-medium underline">
                  {texts.contactMissingLink}
                </Link>
              </div>
            )}
            <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
              <dt className="font-medium text-zinc-800 dark:text-zinc-200">{texts.sendTo}</dt>
              <dd className="text-zinc-700 dark:text-zinc-300">
                {notice.data.recipient ? (
                  <Recipient contact={notice.data.recipient} />
                ) : (
                  texts.sendToUnknown(item.hostName)
                )}
              </dd>
              <dt className="font-medium text-zinc-800 dark:text-zinc-200">{texts.subjectLabel}</dt>
              <dd className="break-words text-zinc-700 dark:text-zinc-300">{notice.data.subject}</dd>
            </dl>
            <pre
              tabIndex={0}
              aria-label={texts.noticeTextLabel}
              className="max-h-[32rem] overflow-auto rounded-xl border border-zinc-200 bg-zinc-50 p-4 font-sans text-sm break-words whitespace-pre-wrap text-zinc-800 focus-visible:outline-2 focus-visible:outline-rose-500 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
            >
              {notice.data.text}
            </pre>
            {notice.data.pdfReplacedCharacters.length > 0 && (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {texts.pdfCharacters(notice.data.pdfReplacedCharacters)}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <CopyButton text={notice.data.subject} label={texts.copySubject} disabled={incomplete} />
              <CopyButton text={notice.data.text} label={texts.copyNotice} disabled={incomplete} />
              <Button
                size="sm"
                disabled={incomplete || download.isPending}
                aria-busy={download.isPending || undefined}
                onClick={() => download.mutate({ id: item.id, fileName: notice.data.pdfFileName })}
              >
                {download.isPending ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Download aria-hidden="true" className="size-4" />
                )}
                {download.isPending ? texts.downloading : texts.downloadPdf}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
