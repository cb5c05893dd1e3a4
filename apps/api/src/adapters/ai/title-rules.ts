import type { SubredditTitleRules } from './caption-provider.js';

const tagPattern = /\[[^\]\s]{1,12}\]/g;
const emojiBan = /\b(no|without|avoid|ban(ned)?|don'?t use|do not use)\b[^.]*\bemoj/i;
const linkBan = [
  /\b(?:no|not|without|never|don'?t|do not|ban(?:ned)?)\b[^.]*\b(?:links?|urls?|(?:self-)?promotion)\b/i,
  /\bpromot\w*\b[^.]*\bban\b/i,
];

/**
 * Reads a community's title rules as written in the communities data ("Gender tag such as [F],
 * [M] or [MF] required in the title") into checks: required bracket tags and a ban on emojis.
 * Rules no program can satisfy (a Snapchat name, a character's series) stay as text for the AI.
 */
export function parseTitleRules(community: {
  name: string;
  titleRules: string[];
  /** The community's other rules, when known: they may forbid links. */
  contentRules?: string[];
  watermarksAllowed: boolean | null;
  verificationRequired: boolean;
}): SubredditTitleRules {
  const requiredTags: string[][] = [];
  let noEmoji = false;
  for (const rule of community.titleRules) {
    if (emojiBan.test(rule)) noEmoji = true;
    const tags = rule.match(tagPattern);
    if (tags && /\b(tags?|format|required|must)\b/i.test(rule)) {
      requiredTags.push([...new Set(tags)]);
    }
  }
  const linksAllowed = ![...community.titleRules, ...(community.contentRules ?? [])].some((rule) =>
    linkBan.some((pattern) => pattern.test(rule)),
  );
  return {
    name: community.name,
    requiredTags,
    noEmoji,
    linksAllowed,
    titleRules: community.titleRules,
    watermarksAllowed: community.watermarksAllowed,
    verificationRequired: community.verificationRequired,
  };
}

/**
 * The tag to put in a title for one required group: the one the creator wrote in the prompt if
 * any (so "[M]" in the prompt wins), else the group's first example.
 */
export function tagFor(group: string[], prompt: string): string {
  const promptTags = prompt.match(tagPattern) ?? [];
  const lowered = group.map((tag) => tag.toLowerCase());
  const fromPrompt = promptTags.find((tag) => lowered.includes(tag.toLowerCase()));
  if (fromPrompt) return fromPrompt;
  // A prompt tag shaped like a "[F4M]"-style example (letters, digit, letters) is the creator's choice.
  const sameShape = promptTags.find((tag) =>
    group.some((example) => /\d/.test(example) && shapeOf(example) === shapeOf(tag)),
  );
  return sameShape ?? group[0]!;
}

function shapeOf(tag: string): string {
  return tag.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '0');
}

export function hasTagFrom(title: string, group: string[]): boolean {
  const lowered = title.toLowerCase();
  return group.some((tag) => lowered.includes(tag.toLowerCase()));
}
