import { describe, expect, it } from 'vitest';
import { aiPlatforms, styleHints, type StyleHint } from '@app/shared/ai';
import { seededRandom } from '../../../lib/seeded-random.js';
import type { BrandVoice, Draft, GenerationTask, SubredditTitleRules } from '../caption-provider.js';
import { fitDraft } from '../platform-fit.js';
import { parseTitleRules } from '../title-rules.js';
import { writeOffline } from './offline-generator.js';
import { styleVoices } from './style-voices.js';

const emoji = /\p{Extended_Pictographic}/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Emojis as people see them: "❤️‍🔥" is one. */
const emojiCount = (text: string) =>
  [...graphemes.segment(text)].filter(({ segment }) => emoji.test(segment)).length;
const openCommunity = parseTitleRules({
  name: 'OnlyFansPromotions',
  titleRules: [],
  contentRules: ['Promoting your own page is the purpose of the community'],
  watermarksAllowed: true,
  verificationRequired: false,
});
const noLinks = parseTitleRules({
  name: 'gonewild',
  titleRules: ['Gender tag such as [F], [M] or [MF] required in the title'],
  contentRules: ['No selling, advertising or links to paid sites in posts or comments'],
  watermarksAllowed: false,
  verificationRequired: true,
});

function write(
  voice: BrandVoice,
  options: {
    subreddit?: SubredditTitleRules | null;
    styles?: StyleHint[];
    calls?: number;
    prompt?: string;
  } = {},
): Draft[] {
  const random = seededRandom(11);
  const styles = options.styles ?? [...styleHints];
  return styles.flatMap((style) => {
    const task: GenerationTask = {
      prompt: options.prompt ?? 'black lace bodysuit and thigh highs',
      platforms: [...aiPlatforms],
      styleHints: [style],
      variants: 5,
      subreddit: options.subreddit ?? null,
      voice,
    };
    return Array.from({ length: options.calls ?? 2 }, () => writeOffline(task, random))
      .flat()
      .map((draft) => fitDraft(draft, task)!);
  });
}

const text = (draft: Draft) => `${draft.titles.join('\n')}\n${draft.body}`;

describe('brand voice in the built-in writer', () => {
  it('signs Reddit posts and Instagram and TikTok captions, and tweets where they fit', () => {
    const drafts = write({ signature: 'Luna' });
    for (const draft of drafts.filter((each) => each.platform !== 'twitter'))
      expect(draft.body.trim().endsWith('Luna'), draft.body).toBe(true);
    expect(
      drafts.filter((draft) => draft.platform === 'twitter').every((draft) => draft.body.includes('Luna')),
    ).toBe(true);
    for (const draft of drafts) expect(draft.titles.join(' ')).not.toContain('Luna');
  });

  it('promotes the link in captions and Reddit bodies, never in Reddit titles nor where links are banned', () => {
    const link = 'onlyfans.com/luna';
    for (const draft of write({ promoLink: link }, { subreddit: openCommunity })) {
      expect(draft.body, draft.platform).toContain(link);
      expect(draft.titles.join(' ')).not.toContain(link);
    }
    const banned = write({ promoLink: '@lunafox' }, { subreddit: noLinks }).filter(
      (draft) => draft.platform === 'reddit',
    );
    expect(banned.length).toBeGreaterThan(0);
    for (const draft of banned) expect(text(draft)).not.toContain('@lunafox');
    expect(noLinks.linksAllowed).toBe(false);
    expect(openCommunity.linksAllowed).toBe(true);
  });

  it('writes a link as it is, and gives a link-only prompt a title where links are banned', () => {
    const drafts = write({}, { subreddit: noLinks, prompt: 'onlyfans.com/luna', styles: ['bold'] });
    for (const draft of drafts) {
      expect(draft.titles.every((title) => /\p{L}{3}/u.test(title.replace(/\[F\]/, '')))).toBe(true);
      if (draft.platform !== 'reddit') expect(draft.body).toContain('onlyfans.com/luna');
      else expect(text(draft)).not.toContain('onlyfans.com');
    }
  });

  it('leaves out the words and emojis the creator avoids, even where the style loves them', () => {
    const avoided = ['honest', 'curious', 'trouble', 'welcome', 'secret'];
    const drafts = write({ avoidWords: avoided, avoidEmojis: ['🔥', '✨', '😜'] }, { calls: 4 });
    for (const draft of drafts) {
      for (const word of avoided) expect(text(draft).toLowerCase()).not.toMatch(new RegExp(`\\b${word}\\b`));
      expect(`${text(draft)} ${draft.hashtags.join(' ')}`).not.toMatch(/🔥|✨|😜/u);
    }
    // Without the wish, those words are part of the voice: the test can fail.
    const plain = write({}, { calls: 4 }).map(text).join('\n').toLowerCase();
    expect(avoided.filter((word) => plain.includes(word)).length).toBeGreaterThan(2);
  });

  it('follows the emoji level: none, at most one when low, more when high, the creator’s own first', () => {
    for (const draft of write({ emojiLevel: 'none' })) expect(text(draft)).not.toMatch(emoji);
    for (const draft of write({ emojiLevel: 'low' })) expect(emojiCount(draft.body)).toBeLessThanOrEqual(1);
    const high = write({ emojiLevel: 'high', useEmojis: ['🍓'] });
    const count = (drafts: Draft[]) => drafts.reduce((sum, draft) => sum + emojiCount(draft.body), 0);
    expect(count(high)).toBeGreaterThan(count(write({ emojiLevel: 'low' })) * 1.5);
    expect(high.filter((draft) => draft.body.includes('🍓')).length).toBeGreaterThan(high.length / 4);
  });

  it('uses the creator’s words: a pet name to address the reader, a sign-off, favoured lines', () => {
    const drafts = write({ useWords: ['babe', 'xoxo'], signature: 'Luna' });
    expect(drafts.filter((draft) => /, babe[?.!]/.test(draft.body)).length).toBeGreaterThan(
      drafts.length / 5,
    );
    expect(drafts.every((draft) => draft.body.trim().endsWith('xoxo, Luna'))).toBe(true);
    const curious = (drafts: Draft[]) => drafts.filter((draft) => /curious/i.test(text(draft))).length;
    const styles: StyleHint[] = ['mysterious'];
    expect(curious(write({ useWords: ['curious'] }, { styles, calls: 4 }))).toBeGreaterThan(
      curious(write({}, { styles, calls: 4 })),
    );
  });

  it('borrows the samples’ fact-free sentences and their length, never their facts', () => {
    const samples = [
      'Spoil me a little, you know you want to 💕',
      'Sunday morning in my pink hoodie at the beach. 30% off today',
      'Can’t stop smiling. Spoil me a little, you know you want to',
    ];
    const short = write({ samples }, { calls: 3 });
    const borrowed = short.filter((draft) => draft.body.includes('Spoil me a little, you know you want to'));
    expect(borrowed.length).toBeGreaterThan(short.length / 20);
    for (const draft of short) expect(text(draft)).not.toMatch(/Sunday|hoodie|beach|30%|pink/);
    const long = write(
      { samples: [`${'I love every single one of you and I read all of your messages. '.repeat(5)}`] },
      {
        calls: 3,
      },
    );
    const median = (drafts: Draft[]) => {
      const lengths = drafts
        .filter((draft) => draft.platform === 'instagram')
        .map((draft) => draft.body.length);
      return lengths.sort((a, b) => a - b)[Math.floor(lengths.length / 2)]!;
    };
    expect(median(short)).toBeLessThan(median(long));
  });

  it('keeps every style’s emojis when no voice is set', () => {
    for (const style of styleHints) {
      const drafts = write({}, { styles: [style] }).filter((draft) => draft.platform === 'instagram');
      expect(
        drafts.some((draft) => styleVoices[style].emojis.some((each) => draft.body.includes(each))),
      ).toBe(true);
    }
  });
});
