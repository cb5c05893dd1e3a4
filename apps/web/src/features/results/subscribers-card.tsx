import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import {
  defaultSubscriberSource,
  subscriberCsvExample,
  subscriberLimits,
  subscriberTexts,
  type SubscriberImportReport,
} from '@app/shared/subscribers';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClasses, labelClasses } from '../../components/ui/form/field-classes';
import { userFacingMessage } from '../../lib/request';
import {
  importReportOf,
  useDeleteSubscriberCount,
  useImportSubscribers,
  useSaveSubscriberCount,
  useSubscriberCounts,
} from './api/subscribers';

/** Today in the reader's own calendar, as YYYY-MM-DD (her statement counts her days). */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function DayForm() {
  const id = useId();
  const save = useSaveSubscriberCount();
  const [day, setDay] = useState(localToday);
  const [source, setSource] = useState<string>(defaultSubscriberSource);
  const [count, setCount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sent as typed (a number when it reads as one): the server says what is wrong with it.
    const value = count.trim() === '' ? Number.NaN : Number(count);
    save.mutate({ day, source, newSubscribers: value }, { onSuccess: () => setCount('') });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" noValidate>
      <div className="space-y-1">
        <label htmlFor={`${id}-day`} className={labelClasses}>
          {subscriberTexts.dayLabel}
        </label>
        <input
          id={`${id}-day`}
          type="date"
          required
          max={localToday()}
          className={inputClasses}
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-source`} className={labelClasses}>
          {subscriberTexts.sourceLabel}
        </label>
        <input
          id={`${id}-source`}
          required
          maxLength={subscriberLimits.sourceMaxChars}
          className={inputClasses}
          value={source}
          onChange={(event) => setSource(event.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-count`} className={labelClasses}>
          {subscriberTexts.countLabel}
        </label>
        <input
          id={`${id}-count`}
          type="number"
          inputMode="numeric"
          required
          min={0}
          max={subscriberLimits.maxPerDay}
          step={1}
          className={inputClasses}
          value={count}
          aria-invalid={save.isError || undefined}
          aria-describedby={save.isError ? `${id}-error` : undefined}
          onChange={(event) => setCount(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? subscriberTexts.saving : subscriberTexts.save}
      </Button>
      {save.isError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-4 dark:text-red-400">
          {subscriberTexts.saveFailed}: {userFacingMessage(save.error)}
        </p>
      )}
    </form>
  );
}

function ImportReport({ report }: { report: SubscriberImportReport }) {
  return (
    <div role="alert" aria-label={subscriberTexts.importFailed} className="space-y-2 text-sm">
      <p className="font-medium text-red-700 dark:text-red-400">
        {report.message} {subscriberTexts.fixAndRetry}
      </p>
      {report.errors.length > 0 && (
        <ul className="list-disc pl-5">
          {report.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {report.rows.some((row) => row.problems.length > 0) && (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {report.rows
            .filter((row) => row.problems.length > 0)
            .map((row) => (
              <li key={row.line} aria-label={subscriberTexts.line(row.line)} className="py-1.5">
                <span className="font-medium">{subscriberTexts.line(row.line)}</span>:{' '}
                {row.problems.join(' ')}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

function CsvImport() {
  const id = useId();
  const importer = useImportSubscribers();
  const [readFailed, setReadFailed] = useState(false);
  const example = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(subscriberCsvExample(new Date()))}`,
    [],
  );
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReadFailed(false);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setReadFailed(true);
      return;
    }
    importer.mutate({ csv });
  };
  const report = importReportOf(importer.error);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold">
        {subscriberTexts.importTitle}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{subscriberTexts.importIntro}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-file`} className={labelClasses}>
          {subscriberTexts.fileLabel}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="max-w-full text-sm"
          disabled={importer.isPending}
          onChange={(event) => void choose(event)}
        />
        <a
          href={example}
          download="subscribers-example.csv"
          className="text-sm text-rose-700 hover:underline dark:text-rose-300"
        >
          {subscriberTexts.exampleLink}
        </a>
      </div>
      {importer.isPending && <p className="text-sm text-zinc-500">{subscriberTexts.importing}</p>}
      {readFailed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {subscriberTexts.readFailed}
        </p>
      )}
      {importer.isError &&
        (report ? (
          <ImportReport report={report} />
        ) : (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {subscriberTexts.importFailed}: {userFacingMessage(importer.error)}
          </p>
        ))}
    </section>
  );
}

/** Results: new subscribers she records per day, by hand or from a statement's CSV. */
export function SubscribersCard({ days }: { days: number }) {
  const id = useId();
  const counts = useSubscriberCounts(days, true);
  const remove = useDeleteSubscriberCount();
  const rows = counts.data?.days ?? [];
  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="space-y-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {subscriberTexts.title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{subscriberTexts.intro}</p>
        <DayForm />
      </section>
      <section aria-labelledby={`${id}-list`} className="space-y-2">
        <h3 id={`${id}-list`} className="font-semibold">
          {subscriberTexts.listTitle}
        </h3>
        {counts.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {userFacingMessage(counts.error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-zinc-500">{counts.isPending ? 'Loading…' : subscriberTexts.listEmpty}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {rows.map((row) => (
              <li key={`${row.day}|${row.source}`} className="flex items-center gap-3 py-1.5">
                <time dateTime={row.day} className="font-medium tabular-nums">
                  {row.day}
                </time>
                <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">{row.source}</span>
                <span className="tabular-nums">{row.newSubscribers}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={subscriberTexts.delete(row.day, row.source)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ day: row.day, source: row.source })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CsvImport />
    </Card>
  );
}
