import type { SubredditAbout, SubredditRule } from '../../adapters/reddit/reddit-api.js';

/** The community fields Reddit's answers fill; undefined means "Reddit did not say: keep ours". */
export interface RedditFacts {
  name: string;
  members: number | undefined;
  over18: boolean;
  description: string | undefined;
  titleRules: string[] | undefined;
  contentRules: string[] | undefined;
}

// The same bounds an admin's edit must meet (communityInputSchema), so a refreshed row stays editable.
const maxDescription = 2000;
const maxRuleLength = 300;
const maxRules = 50;

export function factsFromReddit(about: SubredditAbout, rules: SubredditRule[] | undefined): RedditFacts {
  const description = clean(about.publicDescription).slice(0, maxDescription);
  return {
    name: about.name,
    members: about.subscribers ?? undefined,
    over18: about.over18,
    description: description || undefined,
    ...rulesFromReddit(rules ?? []),
  };
}

/**
 * Splits a community's rules into title rules (the rule talks about titles) and content rules (the
 * rest that apply to posts); comment-only rules are left out. Each rule is its short name, or the
 * first sentence of its description when it has none. A side Reddit has no rule for stays undefined.
 */
export function rulesFromReddit(rules: SubredditRule[]): Pick<RedditFacts, 'titleRules' | 'contentRules'> {
  const title = new Set<string>();
  const content = new Set<string>();
  for (const rule of rules) {
    if (rule.kind === 'comment') continue;
    const text = clean(rule.shortName) || firstSentence(clean(rule.description));
    if (!text) continue;
    const aboutTitles = /\btitles?\b/i.test(`${rule.shortName} ${rule.description}`);
    (aboutTitles ? title : content).add(text.slice(0, maxRuleLength));
  }
  const list = (set: Set<string>) => (set.size > 0 ? [...set].slice(0, maxRules) : undefined);
  return { titleRules: list(title), contentRules: list(content) };
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function firstSentence(text: string): string {
  return text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;
}
