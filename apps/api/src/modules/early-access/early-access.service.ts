import {
  upcomingFeatures,
  type EarlyAccessListResponse,
  type UpcomingFeatureKey,
} from '@app/shared/early-access';
import type { Database } from '../../db/client.js';
import { deleteOptIn, insertOptIn, listOptIns } from './early-access.repo.js';

/** Every upcoming feature, each with whether (and since when) this user asked for it. */
export async function earlyAccessOf(db: Database, userId: string): Promise<EarlyAccessListResponse> {
  const rows = await listOptIns(db, userId);
  const byFeature = new Map(rows.map((row) => [row.feature, row.createdAt]));
  return {
    features: upcomingFeatures.map(({ key, title, description }) => {
      const at = byFeature.get(key);
      return { key, title, description, optedIn: at !== undefined, optedInAt: at?.toISOString() ?? null };
    }),
  };
}

export async function optIn(
  db: Database,
  userId: string,
  feature: UpcomingFeatureKey,
): Promise<EarlyAccessListResponse> {
  await insertOptIn(db, userId, feature);
  return earlyAccessOf(db, userId);
}

export async function optOut(
  db: Database,
  userId: string,
  feature: UpcomingFeatureKey,
): Promise<EarlyAccessListResponse> {
  await deleteOptIn(db, userId, feature);
  return earlyAccessOf(db, userId);
}
