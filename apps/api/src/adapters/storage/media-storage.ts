import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** The whole object's size, whatever range was read. */
  totalBytes: number;
}

/**
 * Where media files live. Keys are made by the server only (`<userId>/<assetId>/<name>`), never
 * from a user's file name. Every method is safe to retry.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores a finished local file under `key`, replacing what was there; readers never see half a
   * file. The local file must not be changed afterwards (local disk may share its bytes); removing it is fine.
   */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** The object (or the range of it), or null when no object has this key. */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes, or null when no object has this key; reads no content. */
  size(key: string): Promise<number | null>;
  /**
   * Removes every object whose key starts with `prefix` — one owner's folder (`<userId>/`) or one
   * asset's (`<userId>/<assetId>/`) — and answers how many there were. Used when an account or an
   * asset is deleted: it also finds files no row points at.
   */
  deletePrefix(prefix: string): Promise<number>;
}

/** Keys are `<uuid>/<uuid>/<name>.<ext>`; anything else is a programming error, not user input. */
const keyPattern = /^[0-9a-f-]{36}\/[0-9a-f-]{36}\/[a-z0-9-]+\.[a-z0-9]+$/;

const prefixPattern = /^[0-9a-f-]{36}\/(?:[0-9a-f-]{36}\/)?$/;

/** Only a whole owner or asset folder may be removed at once: a mistyped prefix must not empty the bucket. */
export function assertValidPrefix(prefix: string): void {
  if (!prefixPattern.test(prefix)) throw new Error(`Invalid media storage prefix: ${prefix}`);
}

export function assertValidKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`Invalid media storage key: ${key}`);
}
