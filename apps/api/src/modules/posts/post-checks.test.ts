import { describe, expect, it } from 'vitest';
import type { PostRequirements } from '../../adapters/reddit/reddit-posting-api.js';
import { rateLimitWaitMs } from '../../adapters/reddit/reddit-posting-api.js';
import { firstCommentTexts } from '@app/shared/posts-first-comment';
import {
  checkCommunityLimits,
  checkFirstCommentLinks,
  forbidsCommentLinks,
  checkCuratedTitleRules,
  checkLiveRequirements,
  describeProblems,
  withoutRepeatedFixes,
  type PostDraft,
} from './post-checks.js';

const none: PostRequirements = {
  titleRegexes: [],
  titleRequiredStrings: [],
  titleBlacklistedStrings: [],
  titleTextMinLength: null,
  titleTextMaxLength: null,
  bodyRestrictionPolicy: 'none',
  domainBlacklist: [],
  isFlairRequired: false,
  allowedPostTypes: [],
};
const draft = (fields: Partial<PostDraft> = {}): PostDraft => ({
  subreddit: 'example',
  title: 'A quiet morning',
  body: undefined,
  kind: 'self',
  flairId: undefined,
  flairText: undefined,
  scheduledAt: new Date('2026-05-01T10:00:00Z'),
  ...fields,
});
const codes = async (requirements: Partial<PostRequirements>, fields: Partial<PostDraft> = {}) =>
  (await checkLiveRequirements({ ...none, ...requirements }, draft(fields))).map((problem) => problem.code);

describe("Reddit's post requirements", () => {
  it('passes a post that meets them', async () => {
    expect(
      await codes(
        { titleRequiredStrings: ['[F]'], isFlairRequired: true },
        { title: 'Hi [f]', flairId: 'x' },
      ),
    ).toEqual([]);
  });

  it('finds title regexes, banned words, lengths, body policy, post types and banned domains', async () => {
    expect(await codes({ titleRegexes: ['^\\[\\w+\\]'] })).toEqual(['title_regex']);
    expect(await codes({ titleRegexes: ['^\\[\\w+\\]', '(broken'] }, { title: '[F] hi' })).toEqual([]);
    // docs/decisions/021-untrusted-title-patterns.md: a format that cannot be run (invalid, lookaround, backreference) is never a pass.
    expect(await codes({ titleRegexes: ['^\\[\\w+\\]', '(broken'] }, { title: 'hi' })).toEqual([
      'title_format_unchecked',
    ]);
    expect(await codes({ titleRegexes: ['^(?!.*\\bsale\\b)'] })).toEqual(['title_format_unchecked']);
    expect(await codes({ titleBlacklistedStrings: ['quiet'] })).toEqual(['title_rule']);
    expect(await codes({ titleTextMinLength: 40 })).toEqual(['title_too_short']);
    expect(await codes({ titleTextMaxLength: 5 })).toEqual(['title_too_long']);
    expect(await codes({ bodyRestrictionPolicy: 'required' })).toEqual(['body_required']);
    expect(await codes({ bodyRestrictionPolicy: 'notAllowed' }, { body: 'text' })).toEqual([
      'body_not_allowed',
    ]);
    expect(await codes({ allowedPostTypes: ['link', 'self'] }, { kind: 'image' })).toEqual([
      'post_type_not_allowed',
    ]);
    expect(await codes({ allowedPostTypes: ['link', 'image'] })).toEqual(['post_type_not_allowed']);
    expect(
      await codes({ domainBlacklist: ['onlyfans.com'] }, { body: 'see https://www.onlyfans.com/me' }),
    ).toEqual(['domain_not_allowed']);
  });

  it('offers the fixed title: the required tag added, banned words taken out', async () => {
    const [required] = await checkLiveRequirements(
      { ...none, titleRequiredStrings: ['[F]', '[M]'] },
      draft(),
    );
    expect(required).toMatchObject({ suggestedTitle: 'A quiet morning [F]', severity: 'block' });
    expect(required!.message).toBe('r/example requires the title to contain one of "[F]", "[M]".');
    const [banned] = await checkLiveRequirements({ ...none, titleBlacklistedStrings: ['quiet'] }, draft());
    expect(banned!.suggestedTitle).toBe('A morning');
    expect(describeProblems([required!, banned!])).toContain('This post would be removed or refused:');
  });

  it('offers one fix once, whatever its case: "[F]" and "[f]" are the same tag', async () => {
    const live = await checkLiveRequirements({ ...none, titleRequiredStrings: ['[F]', '[f]'] }, draft());
    expect(live).toHaveLength(1);
    expect(live[0]!.message).toBe('r/example requires the title to contain "[F]".');
    const curated = checkCuratedTitleRules(
      { name: 'example', titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'] },
      'A quiet morning',
    );
    const lowerCase = await checkLiveRequirements({ ...none, titleRequiredStrings: ['[f]'] }, draft());
    const merged = withoutRepeatedFixes([...curated, ...lowerCase]);
    expect(merged.map((p) => p.suggestedTitle)).toEqual(['A quiet morning [f]']);
    expect(merged[0]!.code).toBe('title_required_string');
  });
});

describe('community limits', () => {
  const community = {
    name: 'c',
    postingLimitPerDay: 2,
    postingCooldownHours: null,
    minKarma: null,
    minAccountAgeDays: null,
  };
  const at = new Date('2026-05-01T10:00:00Z');
  const hoursFrom = (hours: number) => new Date(at.getTime() + hours * 3_600_000);
  it('counts posts within 24 hours either side against the daily limit', () => {
    expect(checkCommunityLimits(community, undefined, [hoursFrom(-30), hoursFrom(5)], at)).toEqual([]);
    expect(
      checkCommunityLimits(community, undefined, [hoursFrom(-3), hoursFrom(5)], at).map((p) => p.code),
    ).toEqual(['daily_limit']);
  });
  it('names the other post’s time in a field, not as raw ISO in the sentence', () => {
    const cooling = { ...community, postingLimitPerDay: null, postingCooldownHours: 1 };
    const [cooldown] = checkCommunityLimits(cooling, undefined, [hoursFrom(0.5)], at);
    expect(cooldown).toMatchObject({ code: 'cooldown', at: hoursFrom(0.5).toISOString() });
    expect(cooldown!.message).toBe(
      'r/c wants 1 hour between posts, and you already have a post there within that time.',
    );
  });
  it('treats unknown karma and age as no problem', () => {
    const strict = { ...community, minKarma: 100, minAccountAgeDays: 30 };
    const unknown = { username: 'x', linkKarma: null, commentKarma: null, redditCreatedAt: null };
    expect(checkCommunityLimits(strict, unknown, [], at)).toEqual([]);
    const young = { username: 'x', linkKarma: 10, commentKarma: 5, redditCreatedAt: hoursFrom(-24 * 3) };
    expect(checkCommunityLimits(strict, young, [], at).map((p) => p.code)).toEqual([
      'min_karma',
      'min_account_age',
    ]);
  });
});

describe("Reddit's RATELIMIT message", () => {
  it('reads the wait Reddit asks for', () => {
    expect(rateLimitWaitMs('you are doing that too much. try again in 5 minutes.')).toBe(300_000);
    expect(
      rateLimitWaitMs(
        'Looks like you have been doing that a lot. Take a break for 12 seconds before trying again.',
      ),
    ).toBe(12_000);
    expect(rateLimitWaitMs('try again in 1 hour')).toBe(3_600_000);
    expect(rateLimitWaitMs('slow down')).toBe(600_000);
  });
});

describe('links in a first comment', () => {
  it('reads which rules forbid links in comments', () => {
    expect(
      forbidsCommentLinks({ text: 'No selling, advertising or links to paid sites in posts or comments' }),
    ).toBe(true);
    expect(forbidsCommentLinks({ text: 'No links', kind: 'comment' })).toBe(true);
    expect(forbidsCommentLinks({ text: 'No links to other sites', kind: 'all' })).toBe(true);
    expect(forbidsCommentLinks({ text: 'No links in posts', kind: 'link' })).toBe(false);
    expect(forbidsCommentLinks({ text: 'Be kind in comments' })).toBe(false);
    expect(forbidsCommentLinks({ text: 'Discussion only: no self-promotion or links' })).toBe(false);
  });

  it('refuses only a comment with a link, and names the rule', () => {
    const community = { contentRules: ['No links in comments'], titleRules: [] };
    expect(checkFirstCommentLinks('pics', 'Thank you!', { community })).toEqual([]);
    expect(checkFirstCommentLinks('pics', undefined, { community })).toEqual([]);
    const [problem] = checkFirstCommentLinks('pics', 'example.com/me', { community });
    expect(problem).toMatchObject({
      code: 'comment_links_not_allowed',
      severity: 'block',
      message: firstCommentTexts.linksForbidden('pics', 'No links in comments'),
    });
  });
});
