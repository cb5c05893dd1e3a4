import { CircleAlert, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import type { UploadItem } from '../hooks/use-upload-queue';

interface UploadProgressListProps {
  items: UploadItem[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
}

const statusLabels = { queued: 'Waiting...', processing: 'Processing...' } as const;

function UploadRow({
  item,
  onCancel,
  onDismiss,
}: { item: UploadItem } & Omit<UploadProgressListProps, 'items'>) {
  if (item.status === 'failed') {
    return (
      <li className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 dark:border-red-500/30 dark:bg-red-500/10">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-zinc-900 dark:text-white">{item.name}</p>
          <p className="text-sm text-red-700 dark:text-red-300">{item.error}</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={`Dismiss ${item.name}`}
          onClick={() => onDismiss(item.id)}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </li>
    );
  }
  const label =
    item.status === 'queued' || item.status === 'processing' ? statusLabels[item.status] : `${item.percent}%`;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="truncate font-medium text-zinc-900 dark:text-white">{item.name}</span>
          <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{label}</span>
        </div>
        <Progress
          value={item.percent}
          label={`Uploading ${item.name}`}
          valueText={item.status === 'uploading' ? undefined : label}
        />
      </div>
      {item.status !== 'processing' && (
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={`Cancel upload of ${item.name}`}
          onClick={() => onCancel(item.id)}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      )}
    </li>
  );
}

/** One row per file: progress while it uploads, the reason when it failed. */
export function UploadProgressList({ items, onCancel, onDismiss }: UploadProgressListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="space-y-2">
      {items.map((item) => (
        <UploadRow key={item.id} item={item} onCancel={onCancel} onDismiss={onDismiss} />
      ))}
    </ul>
  );
}
