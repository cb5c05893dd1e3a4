import path from 'node:path';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { mediaAssets } from '../../apps/api/src/db/schema/index';
import { createSession } from '../../apps/api/src/modules/auth/session.repo';
import { newScheduledPosts } from '../../apps/api/test/factories/posts';
import { newUser } from '../../apps/api/test/factories/users';

const minute = 60_000;
const hour = 60 * minute;
/** Rows per INSERT: well inside PostgreSQL's 65,535 parameters for these tables. */
const chunk = 500;

/** "photo-0001.jpg" … "photo-2000.jpg"; 0001 is the oldest, so it comes last in the gallery. */
export const photoName = (n: number) => `photo-${String(n).padStart(4, '0')}.jpg`;
export const pendingTitle = (n: number) => `Pending post ${String(n).padStart(4, '0')}`;
export const sentTitle = (n: number) => `Sent post ${String(n).padStart(4, '0')}`;

/**
 * Gallery rows without stored files (their thumbnails do not load; the lists do): a minute apart,
 * newest last written, so the order the API pages them in is known.
 */
async function seedGallery(db: Database, userId: string, count: number) {
  const start = Date.now() - count * minute;
  for (let first = 1; first <= count; first += chunk) {
    const numbers = Array.from({ length: Math.min(chunk, count - first + 1) }, (_, i) => first + i);
    await db.insert(mediaAssets).values(
      numbers.map((n) => ({
        userId,
        filename: photoName(n),
        mime: 'image/jpeg',
        bytes: 1234,
        width: 800,
        height: 600,
        storageKey: `${userId}/seeded-${n}/original`,
        createdAt: new Date(start + n * minute),
      })),
    );
  }
}

/**
 * `pending` posts an hour apart from tomorrow on (due only then, so the sender leaves them alone)
 * and `sent` ones an hour apart before now. Soonest first, pendingTitle(1) opens the upcoming group
 * and pendingTitle(pending) ends it; latest first, sentTitle(1) is the last of the sent ones.
 */
async function seedSchedule(
  db: Database,
  userId: string,
  { pending, sent }: { pending: number; sent: number },
) {
  const tomorrow = Date.now() + 24 * hour;
  const now = Date.now();
  const waiting = Array.from({ length: pending }, (_, i) => {
    const scheduledAt = new Date(tomorrow + i * hour);
    return { userId, titleFinal: pendingTitle(i + 1), scheduledAt, dueAt: scheduledAt };
  });
  const done = Array.from({ length: sent }, (_, i) => {
    const scheduledAt = new Date(now - (sent - i) * hour);
    return {
      userId,
      titleFinal: sentTitle(i + 1),
      scheduledAt,
      dueAt: scheduledAt,
      status: 'sent' as const,
      sentAt: scheduledAt,
    };
  });
  for (const rows of [waiting, done]) {
    for (let first = 0; first < rows.length; first += chunk) {
      await newScheduledPosts(db, rows.slice(first, first + chunk));
    }
  }
}

/**
 * A verified creator with a long gallery and a long schedule, written into a stopped server's
 * embedded database (useSeededJourney): thousands of uploads through the API would take minutes.
 */
export async function seedLongLists(
  dataDir: string,
  { photos = 2_000, pendingPosts = 1_000, sentPosts = 120 } = {},
) {
  const database = await openDatabase({ pgliteDataDir: path.join(dataDir, 'db') });
  try {
    const { db } = database;
    const user = await newUser(db, { username: 'long_lists_lena' });
    await seedGallery(db, user.id, photos);
    await seedSchedule(db, user.id, { pending: pendingPosts, sent: sentPosts });
    const session = await createSession(db, user.id);
    return { sessionToken: session.token, photos, pendingPosts, sentPosts };
  } finally {
    await database.close();
  }
}
