// A creator at real data sizes, written straight into the database (and the local media folder)
// before the server starts: PGlite allows one process at a time. Thumbnails are real images on disk,
// so the gallery's pictures load in the browser as they would for a real account.
import { randomUUID } from 'node:crypto';
import { link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../apps/api/src/db/client.js';
import { createSession } from '../../apps/api/src/modules/auth/session.repo.js';
import { sessionCookieName } from '../../apps/api/src/modules/auth/session-token.js';
import { newAsset } from '../../apps/api/test/factories/media.js';
import { newGenerations } from '../../apps/api/test/factories/content.js';
import { newScheduledPosts } from '../../apps/api/test/factories/posts.js';
import { newRedditAccount } from '../../apps/api/test/factories/reddit-accounts.js';
import { newUser } from '../../apps/api/test/factories/users.js';

export interface CreatorSizes {
  gallery: number;
  scheduled: number;
  history: number;
}

/** The creator issue 22 measures the pages with: 2,000 photos, 1,000 scheduled posts, 5,000 history items. */
export const largeCreatorSizes: CreatorSizes = { gallery: 2000, scheduled: 1000, history: 5000 };

export interface SeededCreator {
  label: string;
  cookie: string;
  sizes: CreatorSizes;
}

const minute = 60_000;
const platforms = ['reddit', 'twitter', 'instagram', 'tiktok'] as const;
const subreddits = ['gonewild', 'RealGirls', 'OnlyFansPromotions', 'selfie', 'cosplaygirls'];
const insertBatch = 500;

/** A few distinct thumbnails; every gallery row gets its own file (a hard link to one of them). */
async function thumbnailTemplates(folder: string): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const colours = ['#d9488f', '#4f7cd9', '#2f9e6e', '#e0a030', '#7a52c7', '#c2413b'];
  return Promise.all(
    colours.map(async (colour, index) => {
      const file = path.join(folder, `thumb-${index}.webp`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400"><rect width="320" height="400" fill="${colour}"/><circle cx="160" cy="170" r="${60 + index * 8}" fill="#fff" fill-opacity="0.35"/></svg>`;
      await writeFile(file, await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer());
      return file;
    }),
  );
}

async function inBatches<T>(
  count: number,
  make: (index: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < count; start += insertBatch) {
    const rows = Array.from({ length: Math.min(insertBatch, count - start) }, (_, n) => make(start + n));
    await insert(rows);
  }
}

/** A verified Pro creator who has finished the walkthrough, with the given amounts of data and a session. */
export async function seedCreator(
  db: Database,
  mediaDir: string,
  label: string,
  sizes: CreatorSizes,
): Promise<SeededCreator> {
  const user = await newUser(db, {
    tier: 'pro',
    onboarding: { hasSeenWalkthrough: true, completedSteps: [], lastCompletedAt: new Date().toISOString() },
  });
  const templates = await thumbnailTemplates(path.join(mediaDir, '..', 'bench-templates'));
  const now = Date.now();

  for (let start = 0; start < sizes.gallery; start += insertBatch) {
    const count = Math.min(insertBatch, sizes.gallery - start);
    await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const index = start + n;
        const id = randomUUID();
        const thumbnailKey = `${user.id}/${id}/thumb`;
        const file = path.join(mediaDir, ...thumbnailKey.split('/'));
        await mkdir(path.dirname(file), { recursive: true });
        await link(templates[index % templates.length]!, file);
        await newAsset(db, {
          id,
          userId: user.id,
          filename: `set-${Math.floor(index / 40) + 1}-photo-${(index % 40) + 1}.jpg`,
          width: 1600,
          height: 2000,
          bytes: 900_000,
          thumbnailKey,
          thumbnailBytes: 9_000,
          tags: index % 3 === 0 ? ['lingerie'] : index % 3 === 1 ? ['cosplay'] : [],
          createdAt: new Date(now - index * minute),
        });
      }),
    );
  }

  // Her posts go out through a linked account, as a real creator's do: without one the scheduler
  // page shows the "connect an account" state instead of her queue.
  const account = await newRedditAccount(db, { userId: user.id, username: `${label}_creator` });
  await inBatches(
    sizes.scheduled,
    (index) => ({
      userId: user.id,
      redditAccountId: account.id,
      subreddit: subreddits[index % subreddits.length]!,
      titleFinal: `New set ${index + 1}: red satin robe, candlelight [F]`,
      scheduledAt: new Date(now + (index + 1) * 45 * minute),
      createdAt: new Date(now - index * minute),
    }),
    (rows) => newScheduledPosts(db, rows),
  );

  await inBatches(
    sizes.history,
    (index) => ({
      userId: user.id,
      platform: platforms[index % platforms.length]!,
      content: `Caption ${index + 1}: new set is live, 40 photos, 20% off this week. Come say hi 💋`,
      titles: index % 4 === 0 ? [`New set ${index + 1} is live [F]`] : [],
      subreddit: index % 4 === 0 ? subreddits[index % subreddits.length]! : null,
      createdAt: new Date(now - index * minute),
    }),
    (rows) => newGenerations(db, rows),
  );

  const { token } = await createSession(db, user.id, 'web-bench/1.0');
  return { label, cookie: `${sessionCookieName}=${token}`, sizes };
}
