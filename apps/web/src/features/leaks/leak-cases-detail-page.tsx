import { useState, type ReactNode } from 'react';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { leakCasePageTexts as texts, type LeakCase } from '@app/shared/leak-cases';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListLoadError } from '../../components/list-load-error';
import { PageLayout } from '../../components/page-layout';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useDeleteLeakCase } from './api/delete-leak-case';
import { useLeakCase } from './api/get-leak-case';
import { useUpdateLeakCase } from './api/update-leak-case';
import { CaseDates } from './components/case-dates';
import { CaseEvidence } from './components/case-evidence';
import { CaseForm, caseFormValues } from './components/case-form';
import { CaseStatusBadge } from './components/case-status-badge';
import { CaseStatusButtons } from './components/case-status-buttons';
import { DmcaNoticeCard } from './components/dmca-notice-card';

const backLink = (
  <Link
    to="/leaks/cases"
    className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-rose-700 hover:underline dark:text-rose-300"
  >
    <ArrowLeft aria-hidden="true" className="size-4" /> {texts.backToList}
  </Link>
);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{label}</dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">
        {children}
      </dd>
    </div>
  );
}

/** The case's fields as a form, in place of the details, until saved or cancelled. */
function CaseEdit({ item, onDone }: { item: LeakCase; onDone: () => void }) {
  const update = useUpdateLeakCase(item.id);
  return (
    <CaseForm
      label={texts.editTitle}
      submitLabel={texts.saveChanges}
      defaults={caseFormValues(item)}
      pending={update.isPending}
      save={update.mutateAsync}
      onSaved={onDone}
      cancel={
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {texts.cancel}
        </Button>
      }
    />
  );
}

function CaseDetails({ item }: { item: LeakCase }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {texts.detailsTitle} <CaseStatusBadge status={item.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <CaseStatusButtons item={item} />
        {editing ? (
          <CaseEdit item={item} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> {texts.editCase}
            </Button>
            <CaseFields item={item} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CaseFields({ item }: { item: LeakCase }) {
  return (
    <dl className="grid gap-4">
      <Detail label={texts.datesTitle}>
        <CaseDates item={item} className="space-y-0.5" />
      </Detail>
      <Detail label={texts.urlsTitle}>
        <ul className="space-y-1">
          {item.infringingUrls.map((url) => (
            <li key={url} className="break-all">
              {/* A leak site: opened apart from the app, without telling it where she came from. */}
              <a href={url} target="_blank" rel="noreferrer noopener" className="underline">
                {url}
              </a>
            </li>
          ))}
        </ul>
      </Detail>
      <Detail label={texts.hostTitle}>{item.hostName}</Detail>
      <Detail label={texts.abuseTitle}>{item.hostAbuseContact ?? texts.abuseMissing}</Detail>
      <Detail label={texts.workTitle}>{item.workDescription}</Detail>
      {item.photo && <Detail label={texts.photoTitle}>{item.photo.fileName}</Detail>}
      {item.evidence && (
        <Detail label={texts.evidenceTitle}>
          <CaseEvidence trace={item.evidence} />
        </Detail>
      )}
      {item.notes && <Detail label={texts.notesTitle}>{item.notes}</Detail>}
    </dl>
  );
}

/** /leaks/cases/:id: the case, its status buttons, and its takedown notice. */
export function LeakCasesDetailPage() {
  const { id = '' } = useParams();
  const leakCase = useLeakCase(id);
  const remove = useDeleteLeakCase();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (leakCase.isPending || leakCase.error) {
    return (
      <PageLayout title={texts.listTitle} actions={backLink}>
        {leakCase.error ? (
          <ListLoadError
            title={texts.caseLoadFailed}
            error={leakCase.error}
            onRetry={() => void leakCase.refetch()}
          />
        ) : (
          <div role="status">
            <span className="sr-only">{texts.loading}</span>
            <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />
          </div>
        )}
      </PageLayout>
    );
  }

  const item = leakCase.data;
  return (
    <PageLayout title={item.title} description={item.hostName} actions={backLink}>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0 space-y-6">
          <CaseDetails item={item} />
          <Button variant="danger-outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" /> {texts.deleteCase}
          </Button>
        </div>
        <div className="min-w-0">
          <DmcaNoticeCard item={item} />
        </div>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.deleteTitle}
        description={texts.deleteText}
        confirmLabel={texts.deleteCase}
        busyLabel={texts.deleting}
        isDeleting={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => navigate('/leaks/cases', { replace: true }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </PageLayout>
  );
}
