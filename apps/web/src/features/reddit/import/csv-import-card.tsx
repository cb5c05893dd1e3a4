import { useId, useRef, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { csvImportLimits, csvImportTexts, type CsvImportCheckResponse } from '@app/shared/posts-import';
import type { RedditAccount } from '@app/shared/reddit';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { csvImportExampleUrl, useCheckImport, useImportPosts } from '../api/import-posts';
import { PostAccountField } from '../components/post-account-field';
import { hintClasses, labelClasses } from '../components/field-styles';
import { redditErrorText } from '../lib/reddit-error-text';
import { CsvImportReport } from './csv-import-report';

/** The browser's zone, in which "YYYY-MM-DD HH:MM" times of the file are read. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface CsvImportCardProps {
  accounts: RedditAccount[] | undefined;
}

/**
 * Bulk import (docs/reddit-posting.md#bulk-import): the file is read as text here, checked by the
 * server (nothing saved), and scheduled as a whole only when every row passes and she confirms.
 */
export function CsvImportCard({ accounts }: CsvImportCardProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<CsvImportCheckResponse | null>(null);
  const [accountId, setAccountId] = useState('');
  const checking = useCheckImport();
  const importing = useImportPosts();
  const busy = checking.isPending || importing.isPending;
  const request = (csv: string) => ({
    csv,
    timeZone: browserTimeZone(),
    ...(accountId ? { redditAccountId: accountId } : {}),
  });

  function check(csv: string) {
    setReport(null);
    checking.mutate(request(csv), {
      onSuccess: setReport,
      onError: (error) => toast.error(csvImportTexts.checkFailed, { description: redditErrorText(error) }),
    });
  }

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    if (chosen.size > csvImportLimits.maxChars * 4) {
      setFile(null);
      setReport({ ok: false, rows: [], errors: [csvImportTexts.tooLarge], redditUsername: null });
      return;
    }
    try {
      const csv = await chosen.text();
      setFile({ name: chosen.name, csv });
      check(csv);
    } catch {
      toast.error(csvImportTexts.readFailed);
    }
  }

  function confirm() {
    if (!file) return;
    importing.mutate(request(file.csv), {
      onSuccess: () => {
        setFile(null);
        setReport(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => {
        toast.error(csvImportTexts.importFailed, { description: redditErrorText(error) });
        // Something changed since the check (a photo deleted, a time passed): show the rows as they are now.
        check(file.csv);
      },
    });
  }

  const rows = report?.rows.length ?? 0;
  const ready = report !== null && report.ok && report.errors.length === 0 && rows > 0;
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <FileUp aria-hidden="true" className="size-5 text-rose-600" />
        {csvImportTexts.title}
      </h2>
      <p className={hintClasses}>{csvImportTexts.intro}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={`${id}-file`} className={labelClasses}>
            {csvImportTexts.fileLabel}
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={`${id}-hint`}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-rose-50 file:px-3 file:py-2 file:font-medium file:text-rose-700 dark:file:bg-rose-500/10 dark:file:text-rose-200"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <p id={`${id}-hint`} className={hintClasses}>
            {csvImportTexts.fileHint(browserTimeZone())}
          </p>
        </div>
        {accounts && accounts.length > 1 && (
          <PostAccountField
            id={`${id}-account`}
            accounts={accounts}
            accountId={accountId}
            disabled={busy}
            onChange={(next) => {
              setAccountId(next);
              setReport(null);
            }}
          />
        )}
      </div>
      <a
        href={csvImportExampleUrl}
        download="posts-example.csv"
        className="inline-flex min-h-8 items-center gap-1.5 text-sm font-medium text-rose-700 underline-offset-4 hover:underline dark:text-rose-300"
      >
        <Download aria-hidden="true" className="size-4" />
        {csvImportTexts.exampleLink}
      </a>
      <div aria-live="polite">
        {checking.isPending && <p className={hintClasses}>{csvImportTexts.checking}</p>}
      </div>
      {report && <CsvImportReport report={report} />}
      {file && rows > 0 && (
        <Button type="button" className="w-full sm:w-auto" disabled={!ready || busy} onClick={confirm}>
          {importing.isPending ? csvImportTexts.scheduling : csvImportTexts.confirm(rows)}
        </Button>
      )}
    </Card>
  );
}
