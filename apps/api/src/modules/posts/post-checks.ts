import { countOf } from '@app/shared/plural';
import { explicitPhotoTexts, titleFormatTexts, type PostProblem } from '@app/shared/posts';
import { containsLink, firstCommentTexts } from '@app/shared/posts-first-comment';
import type { PostRequirements, SubredditRuleText } from '../../adapters/reddit/reddit-posting-api.js';
import type { CommunityRow, MediaAssetRow, RedditAccountRow } from '../../db/schema/index.js';
import { titlePatterns, type PatternVerdict, type TitlePatternRunner } from './title-patterns.js';

export interface PostDraft {
  subreddit: string;
  title: string;
  body: string | undefined;
  kind: 'self' | 'image';
  flairId: string | undefined;
  flairText: string | undefined;
  scheduledAt: Date;
  firstComment?: string | undefined;
}

/** A problem as every check states it; `severity` 'block' unless said. */
export const problem = (
  code: PostProblem['code'],
  message: string,
  fix: string | null,
  suggestedTitle: string | null = null,
  severity: PostProblem['severity'] = 'block',
): PostProblem => ({ code, message, fix, suggestedTitle, severity });

const bracketTag = /[[(][^\])]{1,20}[\])]/;

/**
 * Our curated title rules are sentences ("Gender tag such as [F], [M] or [MF] required in the
 * title"). The one kind we can check reliably is a required bracketed tag: the rule names examples
 * in brackets and says "tag" and "required". Others stay advice, shown on the communities page.
 */
export function checkCuratedTitleRules(
  community: Pick<CommunityRow, 'name' | 'titleRules'>,
  title: string,
): PostProblem[] {
  const problems: PostProblem[] = [];
  for (const rule of community.titleRules) {
    if (!/tag/i.test(rule) || !/required/i.test(rule)) continue;
    const examples = rule.match(/\[[^\]]{1,20}\]/g) ?? [];
    if (examples.length === 0 || bracketTag.test(title)) continue;
    problems.push(
      problem(
        'title_rule',
        `r/${community.name} removes posts without a tag in the title: ${rule}.`,
        `Add the tag that fits you at the start or end of the title, for example "${title} ${examples[0]}".`,
        `${title} ${examples[0]}`,
      ),
    );
  }
  return problems;
}

/**
 * A photo rated explicit (an automatic guess, docs/decisions/037-photo-content-rating.md) going to a
 * community not marked 18+: moderators there remove it. A warning, since the rating can be wrong;
 * the post itself is marked NSFW either way.
 */
export function checkExplicitPhoto(
  community: Pick<CommunityRow, 'name' | 'over18'>,
  image: Pick<MediaAssetRow, 'contentRating'> | undefined,
): PostProblem[] {
  // over18 is null until Reddit was asked (the daily refresh): unknown is not "not 18+".
  if (image?.contentRating !== 'explicit' || community.over18 !== false) return [];
  return [
    problem(
      'explicit_photo_not_over18',
      explicitPhotoTexts.notOver18(community.name),
      explicitPhotoTexts.notOver18Fix,
      null,
      'warn',
    ),
  ];
}

/** Posting limits and account minimums we know from the communities database. */
/** An account's karma as Reddit reports it (link + comment); null when Reddit told us neither. */
export function accountKarma(account: Pick<RedditAccountRow, 'linkKarma' | 'commentKarma'>): number | null {
  return account.linkKarma === null && account.commentKarma === null
    ? null
    : (account.linkKarma ?? 0) + (account.commentKarma ?? 0);
}

export function checkCommunityLimits(
  community: Pick<
    CommunityRow,
    'name' | 'postingLimitPerDay' | 'postingCooldownHours' | 'minKarma' | 'minAccountAgeDays'
  >,
  account: Pick<RedditAccountRow, 'username' | 'linkKarma' | 'commentKarma' | 'redditCreatedAt'> | undefined,
  neighbours: Date[],
  scheduledAt: Date,
): PostProblem[] {
  const problems: PostProblem[] = [];
  const day = 24 * 3_600_000;
  const perDay = community.postingLimitPerDay;
  if (perDay !== null) {
    const sameDay = neighbours.filter((at) => Math.abs(at.getTime() - scheduledAt.getTime()) < day).length;
    if (sameDay >= perDay) {
      problems.push(
        problem(
          'daily_limit',
          `r/${community.name} allows ${countOf(perDay, { one: 'post', other: 'posts' })} a day, and you already have ${sameDay} within 24 hours of this time.`,
          'Pick a time at least 24 hours away from your other posts there, or cancel one of them.',
        ),
      );
    }
  }
  const cooldown = community.postingCooldownHours;
  if (cooldown) {
    const close = neighbours.find(
      (at) => Math.abs(at.getTime() - scheduledAt.getTime()) < cooldown * 3_600_000,
    );
    if (close) {
      // The time goes in `at`, not the sentence: only the browser knows the reader's zone and locale.
      problems.push({
        ...problem(
          'cooldown',
          `r/${community.name} wants ${countOf(cooldown, { one: 'hour', other: 'hours' })} between posts, and you already have a post there within that time.`,
          `Pick a time at least ${countOf(cooldown, { one: 'hour', other: 'hours' })} before or after it.`,
        ),
        at: close.toISOString(),
      });
    }
  }
  if (!account) return problems;
  const karma = accountKarma(account);
  if (community.minKarma !== null && karma !== null && karma < community.minKarma) {
    problems.push(
      problem(
        'min_karma',
        `r/${community.name} needs at least ${community.minKarma} karma; u/${account.username} has ${karma}.`,
        'Build karma in communities without a minimum first, or post from another linked account.',
      ),
    );
  }
  if (community.minAccountAgeDays !== null && account.redditCreatedAt) {
    const ageDays = Math.floor((scheduledAt.getTime() - account.redditCreatedAt.getTime()) / day);
    if (ageDays < community.minAccountAgeDays) {
      problems.push(
        problem(
          'min_account_age',
          `r/${community.name} needs accounts at least ${community.minAccountAgeDays} days old; u/${account.username} will be ${ageDays} days old then.`,
          `Schedule it for when the account is old enough, or post from an older linked account.`,
        ),
      );
    }
  }
  return problems;
}

/** Reddit wants the title to match one of the formats; one we could not run is never a pass. */
function checkTitleFormat(subreddit: string, formats: string[], verdicts: PatternVerdict[]): PostProblem[] {
  if (formats.length === 0 || verdicts.includes('match')) return [];
  if (verdicts.includes('unchecked')) {
    // Warn only: the format may well be met, and the creator can compare it with the rules.
    return [
      problem(
        'title_format_unchecked',
        titleFormatTexts.unchecked(subreddit, formats),
        titleFormatTexts.uncheckedFix,
        null,
        'warn',
      ),
    ];
  }
  return [
    problem(
      'title_regex',
      `r/${subreddit} requires titles in a set format (${formats.join(' or ')}).`,
      'Rewrite the title to follow the format the subreddit describes in its rules.',
    ),
  ];
}

/**
 * Reddit's own post_requirements for the subreddit, checked the way Reddit's submit page does. The
 * title formats are the moderators' regular expressions, so they run in RE2 off the event loop.
 */
export async function checkLiveRequirements(
  requirements: PostRequirements,
  draft: PostDraft,
  patterns: Pick<TitlePatternRunner, 'test'> = titlePatterns,
): Promise<PostProblem[]> {
  const problems: PostProblem[] = [];
  const { title } = draft;
  const lower = title.toLowerCase();
  const formatVerdicts = await patterns.test(requirements.titleRegexes, title);
  // Reddit matches these regardless of case, so "[F]" and "[f]" are one requirement, offered once.
  const required = uniqueIgnoringCase(requirements.titleRequiredStrings);
  if (required.length > 0 && !required.some((text) => lower.includes(text.toLowerCase()))) {
    problems.push(
      problem(
        'title_required_string',
        `r/${draft.subreddit} requires the title to contain ${required.length === 1 ? `"${required[0]}"` : `one of ${required.map((t) => `"${t}"`).join(', ')}`}.`,
        `Add ${required.length === 1 ? `"${required[0]}"` : 'the one that fits you'} to the title.`,
        `${title} ${required[0]}`,
      ),
    );
  }
  problems.push(...checkTitleFormat(draft.subreddit, requirements.titleRegexes, formatVerdicts));
  const blacklisted = requirements.titleBlacklistedStrings.filter((text) =>
    lower.includes(text.toLowerCase()),
  );
  if (blacklisted.length > 0) {
    const cleaned = blacklisted.reduce(
      (t, text) => t.replace(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'ig'), ''),
      title,
    );
    problems.push(
      problem(
        'title_rule',
        `r/${draft.subreddit} does not allow ${blacklisted.map((t) => `"${t}"`).join(', ')} in titles.`,
        'Remove those words from the title.',
        cleaned.replace(/\s{2,}/g, ' ').trim() || null,
      ),
    );
  }
  if (requirements.titleTextMinLength !== null && title.length < requirements.titleTextMinLength) {
    problems.push(
      problem(
        'title_too_short',
        `r/${draft.subreddit} needs titles of at least ${requirements.titleTextMinLength} characters.`,
        'Make the title longer.',
      ),
    );
  }
  if (requirements.titleTextMaxLength !== null && title.length > requirements.titleTextMaxLength) {
    problems.push(
      problem(
        'title_too_long',
        `r/${draft.subreddit} allows titles of at most ${requirements.titleTextMaxLength} characters.`,
        'Shorten the title.',
      ),
    );
  }
  if (requirements.isFlairRequired && !draft.flairId && !draft.flairText) {
    problems.push(
      problem(
        'flair_required',
        `r/${draft.subreddit} requires a post flair.`,
        'Choose one of the subreddit’s flairs for this post.',
      ),
    );
  }
  const allowed = requirements.allowedPostTypes;
  if (allowed.length > 0 && !allowed.includes(draft.kind)) {
    problems.push(
      problem(
        'post_type_not_allowed',
        draft.kind === 'image'
          ? `r/${draft.subreddit} does not accept image posts.`
          : `r/${draft.subreddit} does not accept text-only posts.`,
        draft.kind === 'image'
          ? 'Post it without the photo, or pick another subreddit.'
          : 'Attach a photo from your gallery, or pick another subreddit.',
      ),
    );
  }
  if (draft.kind === 'self' && requirements.bodyRestrictionPolicy === 'required' && !draft.body) {
    problems.push(
      problem(
        'body_required',
        `r/${draft.subreddit} requires text in the post body.`,
        'Add some text to the body.',
      ),
    );
  }
  if (draft.kind === 'self' && requirements.bodyRestrictionPolicy === 'notAllowed' && draft.body) {
    problems.push(
      problem(
        'body_not_allowed',
        `r/${draft.subreddit} does not allow text in the post body.`,
        'Remove the body text.',
      ),
    );
  }
  const linked = [...(draft.body ?? '').matchAll(/https?:\/\/([^/\s)]+)/gi)].map((m) => m[1]!.toLowerCase());
  const banned = requirements.domainBlacklist.filter((domain) =>
    linked.some((host) => host === domain || host.endsWith(`.${domain}`)),
  );
  if (banned.length > 0) {
    problems.push(
      problem(
        'domain_not_allowed',
        `r/${draft.subreddit} removes posts linking to ${banned.join(', ')}.`,
        'Remove those links from the body.',
      ),
    );
  }
  return problems;
}

const mentionsLinks = /\b(links?|urls?|linking)\b/i;
const mentionsComments = /\bcomments?\b/i;
const forbids = /\b(no|not|never|don'?t|do not|without|forbidden|prohibited|banned|removed)\b/i;

/**
 * Whether a rule forbids links in comments. Our communities database keeps rules as sentences
 * ("No selling, advertising or links to paid sites in posts or comments"); Reddit's own rules also
 * say what they apply to, so a rule for comments (or for everything) that forbids links counts too.
 */
export function forbidsCommentLinks(rule: { text: string; kind?: SubredditRuleText['kind'] }): boolean {
  if (!mentionsLinks.test(rule.text) || !forbids.test(rule.text)) return false;
  return rule.kind === 'comment' || rule.kind === 'all' || mentionsComments.test(rule.text);
}

/**
 * A first comment with a link where the subreddit's rules forbid links in comments is refused up
 * front: the comment would be removed, and can get the account banned there.
 */
export function checkFirstCommentLinks(
  subreddit: string,
  firstComment: string | undefined,
  rules: { community?: Pick<CommunityRow, 'contentRules' | 'titleRules'>; liveRules?: SubredditRuleText[] },
): PostProblem[] {
  if (!firstComment || !containsLink(firstComment)) return [];
  const texts = [
    ...(rules.community ? [...rules.community.contentRules, ...rules.community.titleRules] : []).map(
      (text) => ({ text, label: text }),
    ),
    ...(rules.liveRules ?? []).map((rule) => ({
      text: `${rule.shortName} ${rule.description}`,
      kind: rule.kind,
      label: rule.shortName || rule.description,
    })),
  ];
  const rule = texts.find((candidate) => forbidsCommentLinks(candidate));
  if (!rule) return [];
  return [
    problem(
      'comment_links_not_allowed',
      firstCommentTexts.linksForbidden(subreddit, rule.label.replace(/\s+/g, ' ').trim().slice(0, 200)),
      firstCommentTexts.linksForbiddenFix,
    ),
  ];
}

function uniqueIgnoringCase(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Our curated rule and Reddit's own requirement often ask for the same tag ("[F]" and "[f]"): one
 * fix is offered once. Reddit's own problem wins, as Reddit is what refuses the post.
 */
export function withoutRepeatedFixes(problems: PostProblem[]): PostProblem[] {
  const key = (p: PostProblem) => p.suggestedTitle?.toLowerCase();
  const live = new Set(problems.filter((p) => p.code !== 'title_rule').map(key));
  const seen = new Set<string>();
  return problems.filter((p) => {
    const fix = key(p);
    if (fix === undefined) return true;
    if ((p.code === 'title_rule' && live.has(fix)) || seen.has(fix)) return false;
    seen.add(fix);
    return true;
  });
}

/** One sentence a person can act on: each problem with its fix. */
export function describeProblems(problems: PostProblem[]): string {
  const lines = problems.map((p) => (p.fix ? `${p.message} ${p.fix}` : p.message));
  return lines.length === 1 ? lines[0]! : `This post would be removed or refused: ${lines.join(' ')}`;
}
