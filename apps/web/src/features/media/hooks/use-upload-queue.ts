import { useRef, useState } from 'react';
import { errorCodes } from '@app/shared/errors';
import type { UploadMediaResponse } from '@app/shared/media';
import { ApiError } from '../../../lib/api-error';
import { trackEvent } from '../../../lib/analytics/analytics';
import { useUploadMedia } from '../api/upload-media';

/** Two uploads at a time: faster than one, without starving the page on a slow connection. */
const parallelUploads = 2;

/**
 * The server takes one account's photos in turns with everyone else's and says "busy" when its
 * share is full (429) or the whole server is (503). That is not the file's fault: wait and send it
 * again, a few times, before showing it as failed.
 */
const busyRetries = 5;
export const busyRetryDelayMs = { account: 5_000, server: 20_000 } as const;

function busyDelayMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 429 && error.code === errorCodes.rateLimited) return busyRetryDelayMs.account;
  if (error.status === 503) return busyRetryDelayMs.server;
  return undefined;
}

function waitUnlessAborted(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  /** 0 to 100, from the browser's upload progress events. */
  percent: number;
  status: UploadStatus;
  error?: string;
}

interface UploadJob {
  id: string;
  file: File;
  tags?: string;
  controller: AbortController;
  /** Times the server answered "busy" for this file. */
  busyAnswers: number;
}

export interface UploadQueueOptions {
  watermark?: boolean;
  onStart?: (file: File, id: string) => void;
  onSuccess?: (file: File, response: UploadMediaResponse, id: string) => void;
  /** Returns the text shown on the file's row. */
  onError: (file: File, error: unknown, id: string) => string;
  onCancel?: (file: File, id: string) => void;
}

let lastId = 0;
const nextId = () => `upload-${++lastId}`;

/**
 * Uploads files one request each, a few at a time, and keeps a row per file with its progress.
 * The progress is the browser's real count of bytes sent, not the spec's simulated 10 %-steps.
 * Uploads keep running when the component unmounts (the user asked for them); only Cancel stops one.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const upload = useUploadMedia();
  const [items, setItems] = useState<UploadItem[]>([]);
  const pending = useRef<UploadJob[]>([]);
  const active = useRef(new Map<string, UploadJob>());
  const workers = useRef(0);

  const patch = (id: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  const drop = (id: string) => setItems((current) => current.filter((item) => item.id !== id));

  async function run(job: UploadJob) {
    const { id, file, tags, controller } = job;
    active.current.set(id, job);
    patch(id, { status: 'uploading' });
    options.onStart?.(file, id);
    trackEvent('feature_usage', { feature: 'gallery', action: 'upload' });
    try {
      const response = await upload.mutateAsync({
        file,
        tags,
        watermark: options.watermark,
        signal: controller.signal,
        // All bytes sent is not done yet: the server still checks and stores the file.
        onProgress: (percent) => patch(id, { percent, status: percent >= 100 ? 'processing' : 'uploading' }),
      });
      drop(id);
      options.onSuccess?.(file, response, id);
    } catch (error) {
      if (controller.signal.aborted) return;
      const delayMs = busyDelayMs(error);
      if (delayMs !== undefined && job.busyAnswers < busyRetries) {
        job.busyAnswers += 1;
        patch(id, { status: 'queued', percent: 0 });
        await waitUnlessAborted(delayMs, controller.signal);
        if (!controller.signal.aborted) await run(job);
        return;
      }
      patch(id, { status: 'failed', error: options.onError(file, error, id) });
    } finally {
      active.current.delete(id);
    }
  }

  async function work() {
    workers.current += 1;
    try {
      for (let job = pending.current.shift(); job; job = pending.current.shift()) await run(job);
    } finally {
      workers.current -= 1;
    }
  }

  function enqueue(files: readonly File[], tags?: string) {
    const jobs = files.map((file) => ({
      id: nextId(),
      file,
      tags,
      controller: new AbortController(),
      busyAnswers: 0,
    }));
    setItems((current) => [
      ...current,
      ...jobs.map(({ id, file }): UploadItem => ({ id, name: file.name, percent: 0, status: 'queued' })),
    ]);
    pending.current.push(...jobs);
    while (workers.current < parallelUploads && pending.current.length > 0) void work();
  }

  /** Shows a file that was never sent (e.g. too large) as a failed row. */
  function reject(file: File, error: string) {
    setItems((current) => [
      ...current,
      { id: nextId(), name: file.name, percent: 0, status: 'failed', error },
    ]);
  }

  function cancel(id: string) {
    const job = active.current.get(id) ?? pending.current.find((queued) => queued.id === id);
    pending.current = pending.current.filter((queued) => queued.id !== id);
    job?.controller.abort();
    drop(id);
    if (job) options.onCancel?.(job.file, id);
  }

  return { items, enqueue, reject, cancel, dismiss: drop };
}
