import { useState } from 'react';
import { ListLoadError } from '../../../components/list-load-error';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAuditLog } from '../api/audit-log';
import { AuditEntryList } from './audit-entry-list';
import { Pager } from './admin-table';

export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
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
      ) : log.isError ? (
        <ListLoadError
          title="The audit log could not be loaded"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <AuditEntryList entries={log.data.entries} />
      )}
      <Pager page={page} pages={pages} onPage={setPage} className="mt-3" />
    </Card>
  );
}
