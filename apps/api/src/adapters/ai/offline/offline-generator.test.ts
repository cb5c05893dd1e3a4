import { describe, expect, it } from 'vitest';
import {
  aiPlatforms,
  captionText,
  platformLength,
  platformLimits,
  styleHints,
  type StyleHint,
} from '@app/shared/ai';
import type { GenerationTask } from '../caption-provider.js';
import { fitDraft, violations } from '../platform-fit.js';
import { parseTitleRules } from '../title-rules.js';
import { writeOffline } from './offline-generator.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import type { Random } from './random.js';
import { styleVoices } from './style-voices.js';

const task = (overrides: Partial<GenerationTask> = {}): GenerationTask => ({
  prompt: 'my red dress at the beach',
  platforms: [...aiPlatforms],
  styleHints: ['playful'],
  variants: 5,
  subreddit: null,
  ...overrides,
});

const gonewild = parseTitleRules({
  name: 'gonewild',
  titleRules: ['Gender tag such as [F], [M] or [MF] required in the title', 'No emojis in titles'],
  watermarksAllowed: false,
  verificationRequired: true,
});

const readingPrompts = [
  'new red lingerie set, cozy sunday morning in bed',
  'I just got back from the gym',
  'write something about my beach trip',
  'caption for a mirror selfie',
  'gym',
  'NEW BIKINI 👙🔥 pool day!!',
  'black lace bodysuit and thigh highs. shot it last night at the hotel. felt so good',
  'golden hour at the lake in my white sundress',
  'rainy afternoon, oversized hoodie and nothing else, reading in bed',
];

/** All platforms, `calls` times five variants. */
function many(prompt: string, calls: number, random: Random, styles: StyleHint[] = ['playful']) {
  return Array.from({ length: calls }, () =>
    writeOffline(task({ prompt, styleHints: styles }), random),
  ).flat();
}

const allText = (draft: { titles: string[]; body: string }) => `${draft.titles.join('\n')}\n${draft.body}`;

function trigrams(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}']*/gu) ?? [];
  return words.slice(2).map((word, index) => `${words[index]} ${words[index + 1]} ${word}`);
}

const prompts = [
  '',
  'my red dress at the beach',
  'I just got back from the gym and feel amazing',
  'Write a caption for my new cosplay of a space pirate',
  'x'.repeat(1000),
];

describe('offline writer', () => {
  it('writes the requested variants for every platform, all within the platform limits once fitted', () => {
    const random = seededRandom(1);
    for (const prompt of prompts) {
      for (const style of styleHints) {
        const generation = task({ prompt, styleHints: [style], subreddit: gonewild });
        const drafts = writeOffline(generation, random);
        expect(drafts).toHaveLength(aiPlatforms.length * 5);
        for (const draft of drafts) {
          const fitted = fitDraft(draft, generation);
          expect(fitted, `${draft.platform} dropped for "${prompt.slice(0, 20)}" ${style}`).not.toBeNull();
          expect(violations(fitted!, generation)).toEqual([]);
          if (draft.platform !== 'reddit') {
            const limits = platformLimits[draft.platform];
            expect(platformLength(draft.platform, captionText(fitted!))).toBeLessThanOrEqual(
              limits.captionMax,
            );
            expect(fitted!.hashtags.length).toBeLessThanOrEqual(limits.hashtagsMax);
          } else {
            expect(
              fitted!.titles.every(
                (title) => title.includes('[F]') && !/\p{Extended_Pictographic}/u.test(title),
              ),
            ).toBe(true);
          }
        }
      }
    }
  });

  it('mostly needs no fixing: raw tweets, Instagram and TikTok captions already fit', () => {
    const random = seededRandom(2);
    for (let run = 0; run < 50; run++) {
      for (const draft of writeOffline(
        task({ styleHints: [styleHints[run % styleHints.length]!] }),
        random,
      )) {
        expect(violations(draft, task())).toEqual([]);
      }
    }
  });

  it('never repeats a variant within one answer', () => {
    const random = seededRandom(3);
    for (let run = 0; run < 100; run++) {
      const drafts = writeOffline(task({ styleHints: [styleHints[run % styleHints.length]!] }), random);
      for (const platform of aiPlatforms) {
        const mine = drafts.filter((draft) => draft.platform === platform);
        expect(new Set(mine.map((draft) => draft.body)).size).toBe(mine.length);
        expect(new Set(mine.map((draft) => draft.titles[0])).size).toBe(mine.length);
      }
    }
  });

  it('answers the same input differently from call to call, in structure and not only in words', () => {
    const random = seededRandom(4);
    const bodies = new Set<string>();
    const shapes = new Set<string>();
    const calls = 200;
    for (let call = 0; call < calls; call++) {
      const [instagram] = writeOffline(task({ platforms: ['instagram'], variants: 1 }), random);
      bodies.add(instagram!.body);
      // The outline: paragraphs and sentence count, without the words.
      shapes.add(
        instagram!.body
          .split('\n\n')
          .map((paragraph) => (paragraph.match(/[.!?…]/g) ?? []).length)
          .join('-'),
      );
    }
    expect(bodies.size / calls).toBeGreaterThanOrEqual(0.95);
    expect(shapes.size).toBeGreaterThanOrEqual(5);
  });

  it("writes in the chosen style's voice", () => {
    const random = seededRandom(5);
    const own = (style: StyleHint) => [...styleVoices[style].emojis, ...styleVoices[style].tags];
    for (const style of styleHints) {
      const others = new Set(
        styleHints.filter((other) => other !== style).flatMap((other) => styleVoices[other].tags),
      );
      const drafts = writeOffline(
        task({ styleHints: [style], platforms: ['instagram'], variants: 5 }),
        random,
      );
      for (const draft of drafts) {
        const styleTags = draft.hashtags.filter((tag) => own(style).includes(tag));
        expect(styleTags.length, `${style} hashtags in ${draft.hashtags.join(',')}`).toBeGreaterThan(0);
        expect(draft.hashtags.filter((tag) => others.has(tag) && !own(style).includes(tag))).toEqual([]);
        expect(
          [...draft.body].some((char) => styleVoices[style].emojis.some((emoji) => emoji.startsWith(char))),
        ).toBe(true);
      }
    }
  });

  it('uses the prompt: its subject and its scene in the copy and its words as hashtags', () => {
    const drafts = writeOffline(
      task({ prompt: 'my red dress at the beach', platforms: ['instagram'], variants: 5 }),
      seededRandom(6),
    );
    for (const draft of drafts)
      expect(draft.hashtags.map((tag) => tag.toLowerCase())).toEqual(
        expect.arrayContaining([expect.stringMatching(/red|dress|beach/)]),
      );
    const all = many('my red dress at the beach', 20, seededRandom(7));
    expect(all.filter((draft) => /red dress/i.test(allText(draft))).length / all.length).toBeGreaterThan(0.6);
    expect(all.some((draft) => /\bat the beach\b/i.test(allText(draft)))).toBe(true);
  });

  it("uses a gallery photo's tags as hashtags after the prompt's own, never in the copy or against the prompt", () => {
    const photo = { tags: ['Red satin robe', 'hotel', 'makeup', 'x'] };
    const drafts = writeOffline(
      task({ prompt: 'no makeup, sunday morning', platforms: ['instagram', 'tiktok'], variants: 5, photo }),
      seededRandom(12),
    );
    for (const draft of drafts) {
      const tags = draft.hashtags.map((tag) => tag.toLowerCase());
      expect(tags).toEqual(expect.arrayContaining(['redsatinrobe', 'hotel', 'nomakeup']));
      // The prompt says no makeup: the photo's tag does not bring #makeup back.
      expect(tags).not.toContain('makeup');
      expect(tags.indexOf('nomakeup')).toBeLessThan(tags.indexOf('redsatinrobe'));
      expect(allText(draft)).not.toMatch(/satin|hotel/i);
    }
    const [reddit] = writeOffline(task({ platforms: ['reddit'], variants: 1, photo }), seededRandom(13));
    expect(reddit!.hashtags).toEqual([]);
  });

  describe('reads the prompt instead of pasting it', () => {
    const lingerie = 'new red lingerie set, cozy sunday morning in bed';

    it('never pastes a comma-joined prompt into a slot', () => {
      for (const draft of many(lingerie, 40, seededRandom(20))) {
        // The old writer slotted "my new red lingerie set, cozy sunday morning" (cut at eight words) everywhere.
        expect(allText(draft)).not.toMatch(/my (new )?red lingerie set, cozy/i);
        expect(allText(draft)).not.toMatch(/cozy sunday morning(?! in bed)/i);
        expect(allText(draft)).not.toMatch(/\bsunday\b/); // a day is written with a capital
      }
    });

    it('puts subject and scene in different slots of one title or sentence', () => {
      const drafts = many(lingerie, 40, seededRandom(21));
      const both = drafts
        .flatMap((draft) => [...draft.titles, ...draft.body.split(/(?<=[.!?])\s+|\n+/)])
        .filter((text) => /red lingerie set/i.test(text) && /Sunday morning in bed/.test(text));
      expect(both.length).toBeGreaterThan(5);
      // Neither in the other's slot: the scene is never glued behind the subject.
      for (const text of both) expect(text).not.toMatch(/lingerie set,? cozy Sunday morning(?! in bed)/i);
    });

    it('names the prompt in a Reddit title, and does not use one title pattern twice in a result', () => {
      const reddit = many(lingerie, 40, seededRandom(33)).filter((draft) => draft.platform === 'reddit');
      const named = reddit.filter((draft) =>
        draft.titles.some((title) => /lingerie|Sunday|in bed/i.test(title)),
      );
      expect(named.length / reddit.length).toBeGreaterThan(0.8);
      for (const draft of reddit)
        expect(draft.titles.filter((title) => title.startsWith('Feeling ')).length).toBeLessThanOrEqual(1);
    });

    it('cuts the subject to its core in titles and keeps the details in bodies', () => {
      const drafts = many(
        'my brand new handmade vintage style red satin corset with little gold buttons, we shot it on the balcony at sunset',
        20,
        seededRandom(22),
      );
      const titles = drafts.flatMap((draft) => draft.titles);
      expect(titles.some((title) => /red satin corset/i.test(title))).toBe(true);
      expect(titles.some((title) => /handmade|gold buttons/i.test(title))).toBe(false);
      expect(drafts.some((draft) => /handmade vintage style red satin corset/.test(draft.body))).toBe(true);
    });

    // A result's titles are alternatives (the creator posts one of them with the body), so each
    // title is read with the body, and the titles must differ from each other.
    it('says no phrase twice in a title with its body, and no prompt word twice in one text', () => {
      const random = seededRandom(23);
      for (const prompt of readingPrompts) {
        for (const style of styleHints) {
          const keys = (prompt.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(
            (word) =>
              ![
                'with',
                'from',
                'about',
                'just',
                'caption',
                'write',
                'something',
                'back',
                'shot',
                'felt',
                'good',
              ].includes(word),
          );
          for (const draft of many(prompt, 3, random, [style])) {
            expect(new Set(draft.titles).size, `same title twice: ${draft.titles.join(' | ')}`).toBe(
              draft.titles.length,
            );
            for (const title of draft.titles) {
              const seen = new Set<string>();
              for (const text of [draft.body, title]) {
                const grams = trigrams(text);
                expect(new Set(grams).size, `repeats itself: ${text}`).toBe(grams.length);
                for (const gram of grams) {
                  expect(seen.has(gram), `"${gram}" twice in ${JSON.stringify(draft)}`).toBe(false);
                  seen.add(gram);
                }
                for (const key of keys)
                  expect(
                    text.toLowerCase().split(key).length - 1,
                    `"${key}" twice in: ${text}`,
                  ).toBeLessThanOrEqual(1);
              }
            }
          }
        }
      }
    });

    it('keeps times of day, days and weather in line with the prompt', () => {
      const morning = many(lingerie, 60, seededRandom(24), ['mysterious', 'playful', 'confident']);
      for (const draft of morning) {
        expect(allText(draft)).not.toMatch(
          /\b(night|tonight|midnight|evening|afternoon|sun went down|golden hour|friday|after dark)\b/i,
        );
      }
      expect(morning.some((draft) => /morning|before coffee/i.test(allText(draft)))).toBe(true);
      for (const draft of many('black lace bodysuit, last night at the hotel', 60, seededRandom(25), [
        'mysterious',
        'bold',
      ])) {
        expect(allText(draft)).not.toMatch(/\b(morning|coffee|afternoon|sunrise)\b/i);
      }
      for (const draft of many('rainy afternoon, oversized hoodie', 60, seededRandom(26), [
        'authentic',
        'sassy',
      ])) {
        expect(`${draft.titles.join(' ')} ${draft.body}`).not.toMatch(
          /\b(sunny|golden hour|morning|night)\b/i,
        );
      }
    });

    it('keeps a first-person prompt as the creator’s own sentence, once', () => {
      const drafts = many('I just got back from the gym', 20, seededRandom(27), ['confident']);
      expect(drafts.some((draft) => draft.body.startsWith('I just got back from the gym.'))).toBe(true);
      // Every result tells it: Reddit in its main title, elsewhere in the caption.
      for (const draft of drafts)
        expect(draft.platform === 'reddit' ? draft.titles[0] : draft.body).toContain(
          'I just got back from the gym',
        );
      for (const draft of drafts) {
        for (const title of draft.titles)
          expect(`${title}\n${draft.body}`).not.toMatch(
            /my I just|my just|\bI just got back from the gym\b.*\bI just got back from the gym\b/is,
          );
        expect(draft.body.match(/gym/gi)?.length ?? 0).toBeLessThanOrEqual(1);
      }
    });

    it('drops request words, emoji and shouting, and makes something of one word', () => {
      for (const draft of many('write something about my beach trip', 10, seededRandom(28)))
        expect(allText(draft)).not.toMatch(/write|something about|my my/i);
      for (const draft of many('caption for a mirror selfie', 10, seededRandom(29)))
        expect(allText(draft)).not.toMatch(/caption for|a mirror selfie/i);
      const bikini = many('NEW BIKINI 👙🔥 pool day!!', 10, seededRandom(30));
      for (const draft of bikini)
        expect(`${draft.titles.join(' ')} ${draft.body}`).not.toMatch(/BIKINI|NEW|👙|!!/);
      expect(bikini.some((draft) => /new bikini/i.test(allText(draft)))).toBe(true);
      const gym = many('gym', 10, seededRandom(31));
      expect(gym.some((draft) => /gym day/i.test(allText(draft)))).toBe(true);
      for (const draft of gym) expect(allText(draft)).not.toMatch(/my gym\b/i);
    });

    it('writes generic on-style copy for an empty prompt, with nothing left unfilled', () => {
      for (const prompt of ['', ...readingPrompts]) {
        for (const draft of many(prompt, 2, seededRandom(32))) {
          expect(allText(draft)).not.toMatch(/[{}]|undefined|null|\s[,.]/);
          expect(draft.titles.length).toBeGreaterThan(0);
          expect(draft.body.length).toBeGreaterThan(0);
        }
      }
    });
  });

  it('tells Reddit posters what the community requires of the photo', () => {
    const [reddit] = writeOffline(
      task({ platforms: ['reddit'], variants: 1, subreddit: gonewild }),
      seededRandom(8),
    );
    expect(reddit!.photoInstructions).toContain('without a watermark');
    expect(reddit!.photoInstructions).toContain('requires verification');
  });

  it('repeats exactly with the same seed (so failures can be replayed)', () => {
    expect(writeOffline(task(), seededRandom(9))).toEqual(writeOffline(task(), seededRandom(9)));
  });
});
