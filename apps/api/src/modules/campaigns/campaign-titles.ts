import { maxTitleLength } from '@app/shared/posts';
import { containsEmoji, shortenTo, stripEmoji } from '../../adapters/ai/platform-fit.js';
import { hasTagFrom, parseTitleRules, tagFor } from '../../adapters/ai/title-rules.js';
import type { CommunityRow } from '../../db/schema/index.js';

export type TitleRulesSource = Pick<
  CommunityRow,
  'name' | 'titleRules' | 'contentRules' | 'watermarksAllowed' | 'verificationRequired'
>;

const url = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/**
 * The campaign caption made to fit one subreddit's title rules, as far as a program can read them
 * (required bracket tags, a ban on emojis; links never belong in a Reddit title), with each change
 * said in words so the creator sees why her rows differ. Reddit's live requirements are checked
 * after this, and what is left shows as a problem with its one-click fix.
 */
export function fitTitleToSubreddit(
  caption: string,
  community: TitleRulesSource | undefined,
): { title: string; adjustments: string[] } {
  const adjustments: string[] = [];
  let title = caption.replace(/\s+/g, ' ').trim();
  if (url.test(title)) {
    title = title
      .replace(url, '')
      .replace(/\s{2,}/g, ' ')
      .trim();
    adjustments.push('Removed the link: Reddit titles cannot carry links.');
  }
  url.lastIndex = 0;
  if (!community) return { title: shortenTo(title, maxTitleLength) || caption, adjustments };
  const rules = parseTitleRules(community);
  if (rules.noEmoji && containsEmoji(title)) {
    title = stripEmoji(title);
    adjustments.push(`Removed the emojis: r/${community.name} does not allow them in titles.`);
  }
  const missing = rules.requiredTags
    .filter((group) => !hasTagFrom(title, group))
    .map((group) => tagFor(group, caption));
  if (missing.length > 0) {
    const suffix = ` ${missing.join(' ')}`;
    title = `${shortenTo(title, maxTitleLength - suffix.length)}${suffix}`;
    adjustments.push(
      `Added ${missing.join(' ')}: r/${community.name} requires a tag in the title (change it if another fits you).`,
    );
  }
  return { title: shortenTo(title, maxTitleLength) || caption, adjustments };
}
