import { Worker } from 'node:worker_threads';
import type { ContentScores } from '@app/shared/media';
import { scoresOf } from './content-rating.js';

/** Scores a photo's 224×224 RGB pixels (ratingPixelsOf) for content rating. */
export interface ContentClassifier {
  classify(pixels: Uint8Array): Promise<ContentScores>;
  /** Ends the model's thread; the next classify starts a new one. */
  close(): Promise<void>;
}

export interface ClassifierLimits {
  /** Longest the thread may take to load the model (about 0.3 s on WebAssembly here, 6 s on plain CPU). */
  startLimitMs: number;
  /** Longest one photo may take (about 50 ms here). */
  classifyLimitMs: number;
  /** The thread and its model (about 100 MB) are let go after this long without work. */
  idleMs: number;
}

const defaultLimits: ClassifierLimits = { startLimitMs: 60_000, classifyLimitMs: 20_000, idleMs: 5 * 60_000 };
const workerUrl = new URL('./nsfw-classifier.worker.mjs', import.meta.url);

type WorkerMessage =
  | { ready: true; backend: string }
  | { failed: string }
  | { predictions: Array<{ className: string; probability: number }> }
  | { error: string };

/** The worker's next message, or why none will come. */
function nextMessage(worker: Worker, limitMs: number): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onFailure).off('exit', onFailure);
      finish();
    };
    const onMessage = (message: WorkerMessage) => settle(() => resolve(message))();
    const onFailure = () => settle(() => reject(new Error('the content classifier stopped')))();
    const timer = setTimeout(
      settle(() => reject(new Error('the content classifier took too long'))),
      limitMs,
    );
    worker.on('message', onMessage).on('error', onFailure).on('exit', onFailure);
  });
}

/**
 * nsfwjs's MobileNetV2 on TensorFlow.js's WebAssembly backend, in a worker thread: the model loads
 * once, lazily, on the first photo, and the inference never runs on the server's event loop.
 * Photos are classified one at a time. A thread that broke or overran is ended and the next photo
 * starts a fresh one; an idle one is let go after `idleMs` to give its memory back.
 */
export class WorkerContentClassifier implements ContentClassifier {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly limits: ClassifierLimits = defaultLimits) {}

  classify(pixels: Uint8Array): Promise<ContentScores> {
    const run = this.queue.then(() => this.run(pixels));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private async run(pixels: Uint8Array): Promise<ContentScores> {
    clearTimeout(this.idleTimer);
    try {
      const worker = await this.ready();
      const reply = nextMessage(worker, this.limits.classifyLimitMs);
      // A copy is transferred: the caller keeps its buffer.
      const copy = pixels.slice();
      worker.postMessage({ pixels: copy }, [copy.buffer]);
      const message = await reply;
      if ('predictions' in message) return scoresOf(message.predictions);
      throw new Error('error' in message ? message.error : 'unexpected answer from the content classifier');
    } catch (error) {
      // Broken or over the limit: a fresh thread takes the next photo.
      await this.close();
      throw error;
    } finally {
      if (this.worker) {
        this.idleTimer = setTimeout(() => void this.close(), this.limits.idleMs);
        this.idleTimer.unref();
      }
    }
  }

  private ready(): Promise<Worker> {
    this.worker ??= (async () => {
      const worker = new Worker(workerUrl);
      // Never keeps a process alive; keeps an error between photos from being an unhandled event.
      worker.unref();
      worker.on('error', () => undefined);
      try {
        const message = await nextMessage(worker, this.limits.startLimitMs);
        if (!('ready' in message))
          throw new Error(`the content model did not load: ${'failed' in message ? message.failed : '?'}`);
      } catch (error) {
        await worker.terminate();
        throw error;
      }
      return worker;
    })();
    return this.worker;
  }
}
