import { readFile } from 'node:fs/promises';
import { communityInputSchema, type CommunityInput } from '@app/shared/communities';
import { z } from 'zod';

/** The curated data file shipped with the API (docs/communities-data.md). */
export const communitySeedPath = new URL('./communities.seed.json', import.meta.url);

// A plain date, so versions compare as strings (in SQL too); release at most one version a day.
const seedDate = (field: string) => z.iso.date({ message: `${field} must be a date, YYYY-MM-DD` });

const seedFileSchema = z.strictObject({
  version: seedDate('version'),
  curatedAt: seedDate('curatedAt'),
  // Entries are checked one by one below, so an error can name the community it belongs to.
  communities: z.array(z.unknown()).min(1, { message: 'communities must not be empty' }),
});

export interface CommunitySeed {
  version: string;
  /** When the facts were checked by hand; becomes the rows' lastVerifiedAt. */
  curatedAt: Date;
  communities: CommunityInput[];
}

export class CommunitySeedError extends Error {
  override name = 'CommunitySeedError';
}

/** Validates a whole seed file; every invalid or duplicate entry is reported with its index and name. */
export function parseCommunitySeed(raw: unknown): CommunitySeed {
  const file = seedFileSchema.safeParse(raw);
  if (!file.success)
    throw new CommunitySeedError(`Communities seed is malformed:\n${z.prettifyError(file.error)}`);

  const problems: string[] = [];
  const communities: CommunityInput[] = [];
  const firstIndexByName = new Map<string, number>();
  file.data.communities.forEach((entry, index) => {
    const label = describeEntry(entry, index);
    const parsed = communityInputSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(`${label}: ${formatIssues(parsed.error)}`);
      return;
    }
    // The table is unique on lower(name), like Reddit's own names.
    const key = parsed.data.name.toLowerCase();
    const first = firstIndexByName.get(key);
    if (first !== undefined) {
      problems.push(`${label}: duplicate of entry ${first} (names are case-insensitive)`);
      return;
    }
    firstIndexByName.set(key, index);
    communities.push(parsed.data);
  });
  if (problems.length > 0) {
    throw new CommunitySeedError(
      `Communities seed ${file.data.version} has ${problems.length} invalid ${problems.length === 1 ? 'entry' : 'entries'}:\n- ${problems.join('\n- ')}`,
    );
  }
  return { version: file.data.version, curatedAt: new Date(`${file.data.curatedAt}T00:00:00Z`), communities };
}

export async function readCommunitySeed(path: URL = communitySeedPath): Promise<CommunitySeed> {
  const text = await readFile(path, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new CommunitySeedError(
      `Communities seed ${path.pathname} is not valid JSON: ${(error as Error).message}`,
    );
  }
  return parseCommunitySeed(raw);
}

function describeEntry(entry: unknown, index: number): string {
  const name = typeof entry === 'object' && entry !== null ? (entry as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? `entry ${index} (r/${name})` : `entry ${index}`;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; ');
}
