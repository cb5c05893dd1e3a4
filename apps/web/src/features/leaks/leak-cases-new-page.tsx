import { useMemo } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { leakCasePageTexts as texts, workDescriptionFromTrace } from '@app/shared/leak-cases';
import { traceResultSchema, type TraceResult } from '@app/shared/leak-trace';
import { PageLayout } from '../../components/page-layout';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useCreateLeakCase } from './api/create-leak-case';
import { CaseEvidence } from './components/case-evidence';
import { CaseForm, type CaseFromTrace } from './components/case-form';

/** The trace answer "Trace a leak" passes in the location state ({ trace }), when it is one. */
function traceFromState(state: unknown): TraceResult | null {
  if (typeof state !== 'object' || state === null || !('trace' in state)) return null;
  const parsed = traceResultSchema.safeParse(state.trace);
  return parsed.success ? parsed.data : null;
}

/**
 * /leaks/cases/new: a case by hand, or from a trace's answer (its evidence shown, the original
 * described from the copy it found). The trace's photo is linked while it is still in the gallery.
 */
export function LeakCasesNewPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const create = useCreateLeakCase();
  const trace = useMemo(() => traceFromState(location.state), [location.state]);
  const fromTrace = useMemo<CaseFromTrace>(
    () => ({
      evidence: trace,
      mediaAssetId: trace?.copy?.fileName ? trace.copy.mediaAssetId : null,
    }),
    [trace],
  );
  const defaults = useMemo(
    () => (trace ? { workDescription: workDescriptionFromTrace(trace) } : {}),
    [trace],
  );

  return (
    <PageLayout
      title={texts.newTitle}
      description={texts.newDescription}
      actions={
        <Link
          to="/leaks/cases"
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-rose-700 hover:underline dark:text-rose-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> {texts.backToList}
        </Link>
      }
    >
      <div className="grid max-w-3xl min-w-0 gap-6">
        {trace && (
          <Card>
            <CardHeader>
              <CardTitle>{texts.fromTrace}</CardTitle>
            </CardHeader>
            <CardContent>
              <CaseEvidence trace={trace} />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardContent className="pt-6">
            <CaseForm
              label={texts.newTitle}
              submitLabel={texts.save}
              defaults={defaults}
              fromTrace={fromTrace}
              pending={create.isPending}
              save={create.mutateAsync}
              onSaved={(saved) => navigate(`/leaks/cases/${saved.id}`, { replace: true })}
              cancel={
                <Link to="/leaks/cases" className={buttonClasses('outline')}>
                  {texts.cancel}
                </Link>
              }
            />
          </CardContent>
        </Card>
      </div>
    </PageLayout>
  );
}
