import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// s3rver ships no type declarations; this is the part of its API used here.
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  httpServer: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/**
 * A real S3 HTTP server (s3rver) on 127.0.0.1 (random port) with one empty bucket, its data in a
 * temporary folder. It checks the access key id but not V4 signatures.
 */
export async function startS3StandIn() {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-stand-in-'));
  const bucket = 'media-test';
  // s3rver's only account; any other access key id is refused with InvalidAccessKeyId.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const environment: Record<string, string> = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_REGION: region,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });

  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    /** The variables that make `loadConfig` choose this server for media. */
    environment,
    /** Every key in the bucket, sorted, read over the S3 protocol. */
    async listKeys(): Promise<string[]> {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      const closed = server.close();
      // A test that left a download unread keeps its socket busy; don't let that hang teardown.
      server.httpServer.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
