import type { ContentClassifier } from '../adapters/image/content-rating/content-classifier.js';
import type { RedditApi } from '../adapters/reddit/reddit-api.js';
import type { MediaStorage } from '../adapters/storage/media-storage.js';
import type { Database } from '../db/client.js';
import type { SenderDependencies, SenderTimings } from '../modules/posts/post-sending.service.js';
import type { JobQueue } from './queue.js';

/** The services startJobs hands to every handler; each job's handler names the ones it uses. */
export interface JobServices {
  db: Database;
  /** Undefined when REDDIT_CLIENT_ID / REDDIT_CLIENT_SECRET are not configured. */
  reddit: RedditApi | undefined;
  /** What the post sender needs (its posting client is undefined without Reddit app credentials). */
  sender: (Omit<SenderDependencies, 'log'> & { timings: SenderTimings }) | undefined;
  /** Where media files live (the same storage the app serves them from). */
  storage: MediaStorage;
  /** Scratch space for image work (protected copies are written here before storage takes them). */
  tempDir: string;
  /** Rates photos' content (nsfwjs in a worker thread, loaded on the first photo). */
  contentClassifier: ContentClassifier;
  /** The queue itself, for jobs that queue others (the sweep wakes the sender for posts due soon). */
  queue: JobQueue;
}
