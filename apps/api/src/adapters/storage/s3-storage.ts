import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
} from './media-storage.js';

/**
 * GetObject answers NoSuchKey; HEAD has no body, so the SDK can only say NotFound. A missing
 * bucket (NoSuchBucket) is a configuration error and must not look like a missing object.
 */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** `bytes 10-19/100` → 100; S3 sends this on every ranged (206) answer. */
function totalFromContentRange(contentRange: string): number {
  const match = /^bytes \d+-\d+\/(\d+)$/.exec(contentRange);
  if (!match) throw new Error(`Unexpected Content-Range from object storage: ${contentRange}`);
  return Number(match[1]);
}

/** Media in an S3-compatible bucket (AWS, MinIO, R2, …). The bucket is created by operators. */
export function createS3Storage(config: S3Config): MediaStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (environment, instance role, …).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums send aws-chunked bodies and x-amz-checksum-mode headers,
    // which many S3-compatible servers store verbatim or reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const storage: MediaStorage = {
    kind: 's3',

    async putFile(key, localPath, contentType) {
      assertValidKey(key);
      const { size } = await stat(localPath);
      const body = createReadStream(localPath);
      try {
        // A stream body needs its length up front; S3 stores the object whole or not at all.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: size,
            ContentType: contentType,
          }),
        );
      } finally {
        body.destroy();
      }
    },

    async read(key, range?: ByteRange): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!(response.Body instanceof Readable)) throw new Error('Object storage returned no body stream');
        const totalBytes = response.ContentRange
          ? totalFromContentRange(response.ContentRange)
          : (response.ContentLength ?? 0);
        return { stream: response.Body, totalBytes };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 for a missing key too, so deleting is idempotent as it is.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      let deleted = 0;
      // Listing again after each page of deletes: the keys just removed no longer appear.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: 100 }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (keys.length === 0) return deleted;
        // One DeleteObject per key: the batch call needs Content-MD5, which some S3-compatible servers insist on.
        for (let start = 0; start < keys.length; start += 10) {
          await Promise.all(
            keys.slice(start, start + 10).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
          );
        }
        deleted += keys.length;
      }
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async size(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        if (head.ContentLength === undefined) throw new Error('Object storage sent no Content-Length');
        return head.ContentLength;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // A HEAD 404 is the same for a missing object and a missing bucket; GetObject's error body
      // tells them apart, so a misconfigured bucket fails instead of reading as "nothing stored".
      const object = await storage.read(key);
      object?.stream.destroy();
      return object ? object.totalBytes : null;
    },
  };
  return storage;
}
