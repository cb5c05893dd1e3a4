import type { MediaConfig } from '../../config.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

/** Object storage when S3_BUCKET is configured, otherwise files under DATA_DIR/media. */
export function createMediaStorage(media: MediaConfig): MediaStorage {
  return media.s3 ? createS3Storage(media.s3) : createLocalDiskStorage(media.localDir);
}
