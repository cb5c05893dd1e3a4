import {
  captionText,
  platformLength,
  platformLimits,
  titlesPerResult,
  visibleLength,
  type AiPlatform,
} from '@app/shared/ai';
import type { Draft, GenerationTask } from './caption-provider.js';
import { hasTagFrom, tagFor } from './title-rules.js';
import { trimEndChars } from '@app/shared/trim-chars';

const emojiSequence =
  /(?:[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]\uFE0F?\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*)|\p{Emoji_Modifier}/gu;
const photoInstructionsMax = 600;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const hashtagMax = 60;

export function containsEmoji(text: string): boolean {
  return /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]/u.test(text);
}

export function stripEmoji(text: string): string {
  return tidy(text.replace(emojiSequence, '').replace(/[\uFE0F\u200D]/g, ''));
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/(?<! ) +([,.!?])/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A hashtag as platforms accept it: letters, digits and underscores, at least one letter. */
export function normaliseHashtag(raw: string): string | null {
  const tag = raw.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '');
  if (!/\p{L}/u.test(tag) || tag.length > hashtagMax) return null;
  return tag;
}

function uniqueHashtags(tags: string[], max: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = normaliseHashtag(raw);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
    if (kept.length === max) break;
  }
  return kept;
}

/**
 * Shortens text to `max` as `measure` counts it: at the last sentence end that fits, else at a
 * word boundary with an ellipsis. Never cuts inside a word or an emoji.
 */
export function shortenTo(
  text: string,
  max: number,
  measure: (text: string) => number = visibleLength,
): string {
  if (measure(text) <= max) return text;
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+["')\]]*\s*|\n*)|\n+/g) ?? [text];
  let kept = '';
  for (const sentence of sentences) {
    if (measure((kept + sentence).trimEnd()) > max) break;
    kept += sentence;
  }
  kept = kept.trim();
  if (kept && measure(kept) >= max * 0.5) return kept;
  const words = text.split(/(\s+)/);
  let cut = '';
  for (const word of words) {
    if (measure(`${(cut + word).trimEnd()}…`) > max) break;
    cut += word;
  }
  cut = trimEndChars(cut.trim(), ',;:-–—');
  if (cut) return `${cut}…`;
  // One unbroken run (e.g. only emojis): cut between characters as people see them.
  let run = '';
  for (const { segment } of graphemes.segment(text)) {
    if (measure(`${run + segment}…`) > max) break;
    run += segment;
  }
  return run.trim() ? `${run.trim()}…` : '';
}

function withRequiredTags(title: string, task: GenerationTask): string {
  const rules = task.subreddit;
  if (!rules) return shortenTo(title, platformLimits.reddit.titleMax);
  const missing = rules.requiredTags
    .filter((group) => !hasTagFrom(title, group))
    .map((group) => tagFor(group, task.prompt));
  if (missing.length === 0) return shortenTo(title, platformLimits.reddit.titleMax);
  const suffix = ` ${missing.join(' ')}`;
  const room = platformLimits.reddit.titleMax - visibleLength(suffix);
  const base = shortenTo(title, room);
  return base ? `${base}${suffix}` : '';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Any URL, and the creator's promoted link or handle as a word of its own. */
function linkPattern(task: GenerationTask): RegExp {
  const url = String.raw`\bhttps?:\/\/\S+|\bwww\.\S+`;
  const promo = task.voice?.promoLink?.trim();
  return new RegExp(promo ? `${url}|(?<![\\w@])${escapeRegExp(promo)}(?![\\w/])` : url, 'gi');
}

/**
 * `text` without links. Reddit titles never carry them, nor does anything posted where the
 * subreddit's rules forbid links: an AI service is told so, and this holds even when it does not listen.
 */
function withoutLinks(text: string, task: GenerationTask): string {
  const kept = text.replace(linkPattern(task), '');
  return tidy(kept.replace(/\(\s*\)|\[\s*\]/g, '').replace(/(?<!\s)\s+([,.!?;:])/g, '$1'));
}

function hasLink(text: string, task: GenerationTask): boolean {
  return linkPattern(task).test(text);
}

const linksForbidden = (task: GenerationTask) => task.subreddit?.linksAllowed === false;

function fitRedditTitle(raw: string, task: GenerationTask): string {
  let title = withoutLinks(tidy(raw.replace(/\s+/g, ' ')), task);
  if (task.subreddit?.noEmoji) title = stripEmoji(title);
  return withRequiredTags(title, task);
}

function fitHook(raw: string, platform: Exclude<AiPlatform, 'reddit'>): string {
  return shortenTo(tidy(raw.replace(/\s+/g, ' ')), platformLimits[platform].titleMax, (text) =>
    platformLength(platform, text),
  );
}

function uniqueNonEmpty(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function clampConfidence(value: number): number {
  if (!Number.isFinite(value)) return 0.5;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/**
 * Makes one result obey its platform: lengths, hashtag counts and the subreddit's title rules.
 * Fixes what can be fixed (drops hashtags, shortens at sentence or word ends, adds required
 * tags, removes banned emojis); answers null when nothing usable is left, so the variant is dropped.
 */
export function fitDraft(draft: Draft, task: GenerationTask): Draft | null {
  const platform = draft.platform;
  const photoInstructions = shortenTo(tidy(draft.photoInstructions), photoInstructionsMax);
  const confidence = clampConfidence(draft.confidence);
  if (platform === 'reddit') {
    const titles = uniqueNonEmpty(draft.titles.map((title) => fitRedditTitle(title, task))).slice(
      0,
      titlesPerResult.max,
    );
    const body = shortenTo(
      linksForbidden(task) ? withoutLinks(draft.body, task) : tidy(draft.body),
      platformLimits.reddit.bodyMax,
    );
    if (titles.length === 0) return null;
    const fitted = { platform, titles, body, photoInstructions, hashtags: [], confidence };
    return violations(fitted, task).length === 0 ? fitted : null;
  }
  const limits = platformLimits[platform];
  const measure = (text: string) => platformLength(platform, text);
  let body = tidy(draft.body);
  const hashtags = uniqueHashtags(draft.hashtags, limits.hashtagsMax);
  // A long caption gives up words before it gives up all its hashtags (at most 30% of the room).
  const tagRoom = Math.min(
    measure(captionText({ platform, body: '', hashtags })) + 2,
    Math.floor(limits.captionMax * 0.3),
  );
  if (measure(body) > limits.captionMax - tagRoom)
    body = shortenTo(body, limits.captionMax - tagRoom, measure);
  while (hashtags.length > 0 && measure(captionText({ platform, body, hashtags })) > limits.captionMax)
    hashtags.pop();
  if (measure(body) > limits.captionMax) body = shortenTo(body, limits.captionMax, measure);
  if (!body) return null;
  let titles = uniqueNonEmpty(draft.titles.map((title) => fitHook(title, platform))).slice(
    0,
    titlesPerResult.max,
  );
  if (titles.length === 0)
    titles = uniqueNonEmpty([fitHook(stripEmoji(body.split('\n')[0] ?? ''), platform)]);
  if (titles.length === 0) return null;
  const fitted = { platform, titles, body, photoInstructions, hashtags, confidence };
  return violations(fitted, task).length === 0 ? fitted : null;
}

/** Every rule a result breaks, in words; empty when it may be sent. Tests and fitDraft share it. */
export function violations(draft: Draft, task: GenerationTask): string[] {
  const found: string[] = [];
  const platform = draft.platform;
  if (draft.titles.length < titlesPerResult.min) found.push('no title');
  if (draft.confidence < 0 || draft.confidence > 1) found.push('confidence outside 0–1');
  if (platform === 'reddit') {
    const rules = task.subreddit;
    for (const title of draft.titles) {
      if (visibleLength(title) > platformLimits.reddit.titleMax)
        found.push(`title over ${platformLimits.reddit.titleMax} characters`);
      if (rules?.noEmoji && containsEmoji(title))
        found.push('emoji in a title where the subreddit bans them');
      for (const group of rules?.requiredTags ?? []) {
        if (!hasTagFrom(title, group)) found.push(`title without one of ${group.join(' ')}`);
      }
      if (hasLink(title, task)) found.push('a link or the promoted handle in a title');
    }
    if (linksForbidden(task) && hasLink(draft.body, task))
      found.push('a link where the subreddit forbids links');
    if (visibleLength(draft.body) > platformLimits.reddit.bodyMax) found.push('body too long');
    if (draft.hashtags.length > 0) found.push('hashtags on Reddit');
    return found;
  }
  const limits = platformLimits[platform];
  if (!draft.body.trim()) found.push('empty caption');
  if (platformLength(platform, captionText(draft)) > limits.captionMax)
    found.push(`caption over ${limits.captionMax} characters`);
  if (draft.hashtags.length > limits.hashtagsMax) found.push(`more than ${limits.hashtagsMax} hashtags`);
  if (draft.hashtags.some((tag) => normaliseHashtag(tag) !== tag)) found.push('malformed hashtag');
  for (const title of draft.titles) {
    if (platformLength(platform, title) > limits.titleMax)
      found.push(`title over ${limits.titleMax} characters`);
  }
  return found;
}
