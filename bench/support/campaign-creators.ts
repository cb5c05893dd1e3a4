// Creators for the campaign benches (bench/campaigns.ts, bench/scheduler.ts with SCHEDULER_CAMPAIGNS):
// a Pro user signed in, her Reddit account linked through the stand-in's OAuth flow as a browser
// would, and one gallery photo stored the way an upload stores it.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { MediaStorage } from '../../apps/api/src/adapters/storage/media-storage.js';
import type { Database } from '../../apps/api/src/db/client.js';
import { mediaAssets } from '../../apps/api/src/db/schema/index.js';
import { newUser } from '../../apps/api/test/factories/users.js';
import type { RedditStandIn } from '../../apps/api/test/stand-ins/reddit.js';
import { signedInClient, type TestClient } from '../../apps/api/test/test-client.js';

/** A 4:3 JPEG photo (a face-coloured disc on red) `width` pixels wide, written to `file`. */
export async function writeBenchPhoto(file: string, width: number): Promise<void> {
  const height = Math.round((width * 3) / 4);
  const disc = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f0c0a0"/></svg>`;
  await writeFile(
    file,
    await sharp({ create: { width, height, channels: 3, background: '#a05060' } })
      .composite([{ input: Buffer.from(disc), top: 0, left: 0 }])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

export interface CampaignCreatorDeps {
  app: FastifyInstance;
  db: Database;
  reddit: RedditStandIn;
  storage: MediaStorage;
  /** The photo file every creator uploads (each gets her own stored copy of it). */
  photo: string;
}

export interface CampaignCreator {
  client: TestClient;
  imageId: string;
  /** Her Reddit username on the stand-in. */
  username: string;
}

export async function campaignCreator(deps: CampaignCreatorDeps, n: number): Promise<CampaignCreator> {
  const { app, db, reddit, storage } = deps;
  const user = await newUser(db, { tier: 'pro' });
  const client = await signedInClient(app, db, user);
  const username = `bench_creator_${n}`;
  reddit.addUser(username, { link_karma: 50_000, comment_karma: 5_000 });
  const connect = await client.inject({ method: 'GET', url: '/api/reddit/connect?intent=account-link' });
  const back = reddit.approve(connect.json<{ authUrl: string }>().authUrl, username);
  await client.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  const id = randomUUID();
  const storageKey = `${user.id}/${id}/original.jpg`;
  await storage.putFile(storageKey, deps.photo, 'image/jpeg');
  await db
    .insert(mediaAssets)
    .values({ id, userId: user.id, filename: 'set.jpg', mime: 'image/jpeg', bytes: 1, storageKey });
  return { client, imageId: id, username };
}
