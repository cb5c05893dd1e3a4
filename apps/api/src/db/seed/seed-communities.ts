import type { DatabaseHandle } from '../client.js';

/** Loads the curated communities seed; idempotent. Filled in by the communities work. */
export async function seedCommunities(_database: DatabaseHandle): Promise<void> {}
