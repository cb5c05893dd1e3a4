import { useCallback, useRef, useState } from 'react';
import { leakTraceTexts } from '@app/shared/leak-trace';
import { PageLayout } from '../../components/page-layout';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { userFacingMessage } from '../../lib/request';
import { useTraceLeak } from './api/trace-leak';
import { PictureDrop } from './components/picture-drop';
import { TraceResultView } from './components/trace-result';

/** /leaks/trace: upload a found picture, learn which of her copies it is. */
export function LeakTracePage() {
  const trace = useTraceLeak();
  const [fileName, setFileName] = useState<string | null>(null);
  // Focus reads the answer out; the scroll brings it to the top, since on a phone it sits under the
  // upload card and focus alone does not scroll a heading that is already on screen. Stable, so it
  // runs once per answer.
  const focusResult = useCallback((heading: HTMLHeadingElement | null) => {
    if (!heading) return;
    heading.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    heading.focus({ preventScroll: true });
  }, []);
  const pickerHeading = useRef<HTMLHeadingElement>(null);

  function traceFile(file: File) {
    setFileName(file.name);
    trace.mutate(file);
  }

  function traceAnother() {
    trace.reset();
    setFileName(null);
    pickerHeading.current?.focus();
  }

  return (
    <PageLayout title={leakTraceTexts.pageTitle} description={leakTraceTexts.intro}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <Card>
          <CardContent className="flex flex-col gap-4">
            <h2
              ref={pickerHeading}
              tabIndex={-1}
              className="text-lg font-semibold tracking-tight focus:outline-none"
            >
              Your found picture
            </h2>
            <PictureDrop disabled={trace.isPending} onFile={traceFile} />
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{leakTraceTexts.privacy}</p>
          </CardContent>
        </Card>
        {/* Announced when it changes: the progress, the answer, or what went wrong. */}
        <div aria-live="polite" aria-busy={trace.isPending}>
          {trace.isPending && (
            <Card>
              <CardContent>
                <Spinner
                  label={fileName ? `${leakTraceTexts.tracing} (${fileName})` : leakTraceTexts.tracing}
                />
              </CardContent>
            </Card>
          )}
          {trace.isError && (
            <p
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
            >
              {userFacingMessage(trace.error) || leakTraceTexts.failed}
            </p>
          )}
          {trace.data && (
            <TraceResultView result={trace.data} headingRef={focusResult} onTraceAnother={traceAnother} />
          )}
        </div>
      </div>
    </PageLayout>
  );
}
