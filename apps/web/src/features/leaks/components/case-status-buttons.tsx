import { leakCasePageTexts as texts, type LeakCase, type LeakCaseStatus } from '@app/shared/leak-cases';
import { Button } from '../../../components/ui/button';
import { useUpdateLeakCaseStatus } from '../api/update-leak-case';

const choices: Array<{ status: LeakCaseStatus; label: string }> = [
  { status: 'notice_sent', label: texts.markNoticeSent },
  { status: 'removed', label: texts.markRemoved },
  { status: 'rejected', label: texts.markRejected },
];

/** "Notice sent", "Removed", "Host refused", and "Reopen" once the case has moved on. */
export function CaseStatusButtons({ item }: { item: LeakCase }) {
  const update = useUpdateLeakCaseStatus(item.id);
  return (
    <div role="group" aria-label={texts.statusGroup} className="flex flex-wrap gap-2">
      {choices.map(({ status, label }) => (
        <Button
          key={status}
          variant={item.status === status ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={item.status === status}
          disabled={update.isPending || item.status === status}
          onClick={() => update.mutate(status)}
        >
          {label}
        </Button>
      ))}
      {item.status !== 'found' && (
        <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => update.mutate('found')}>
          {texts.reopen}
        </Button>
      )}
    </div>
  );
}
