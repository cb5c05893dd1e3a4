// The bench's prompts (bench/ai/prompts.json) as the API would hand them to a writer: a subreddit
// named by the communities seed gets that community's real title rules, an inline one its own.
import { readFileSync } from 'node:fs';
import type { AiPlatform, StyleHint } from '@app/shared/ai';
import type { GenerationTask } from '../../apps/api/src/adapters/ai/caption-provider.js';
import { parseTitleRules } from '../../apps/api/src/adapters/ai/title-rules.js';

interface InlineSubreddit {
  name: string;
  titleRules: string[];
  watermarksAllowed: boolean | null;
  verificationRequired: boolean;
}

interface BenchPrompt {
  prompt: string;
  platforms: AiPlatform[];
  styleHints: StyleHint[];
  subreddit?: string | InlineSubreddit;
}

interface SeedCommunity {
  name: string;
  verificationRequired: boolean;
  rules: { titleRules: string[]; contentRules: string[]; watermarksAllowed: boolean | null };
}

const read = (relative: string) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));

export function benchTasks(variants = 5): GenerationTask[] {
  const prompts = read('./prompts.json') as BenchPrompt[];
  const seed = read('../../apps/api/src/db/seed/communities.seed.json') as { communities: SeedCommunity[] };
  const byName = new Map(seed.communities.map((community) => [community.name.toLowerCase(), community]));
  return prompts.map((entry) => {
    let subreddit = null;
    if (typeof entry.subreddit === 'string') {
      const community = byName.get(entry.subreddit.toLowerCase());
      if (!community) throw new Error(`bench/ai/prompts.json names r/${entry.subreddit}, not in the seed`);
      subreddit = parseTitleRules({
        name: community.name,
        titleRules: community.rules.titleRules,
        contentRules: community.rules.contentRules,
        watermarksAllowed: community.rules.watermarksAllowed,
        verificationRequired: community.verificationRequired,
      });
    } else if (entry.subreddit) subreddit = parseTitleRules(entry.subreddit);
    return {
      prompt: entry.prompt,
      platforms: entry.platforms,
      styleHints: entry.styleHints,
      variants,
      subreddit,
    };
  });
}
