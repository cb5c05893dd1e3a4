import { ListLoadError } from '../../../components/list-load-error';
import { PagedListEnd } from '../../../components/paged-list-end';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { loadedEntries, useAuditLog } from '../api/audit-log';
import { AuditEntryList } from './audit-entry-list';

export function AuditLogPanel() {
  const log = useAuditLog();
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Audit log</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Every admin action on a user: who, what and when. Newest first.
      </p>
      {log.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading the audit log" />
        </div>
      ) : log.isError && !log.data ? (
        <ListLoadError
          title="The audit log could not be loaded"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <div className="space-y-3">
          <AuditEntryList entries={loadedEntries(log.data)} />
          <PagedListEnd
            list={log}
            label="Load older entries"
            loadingLabel="Loading older entries..."
            failedText="Older entries could not be loaded. Check your connection and press the button again."
          />
        </div>
      )}
    </Card>
  );
}
