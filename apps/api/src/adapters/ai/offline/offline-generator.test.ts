import { describe, expect, it } from 'vitest';
import { aiPlatforms, captionText, platformLength, platformLimits, styleHints, type StyleHint } from '@app/shared/ai';
import type { GenerationTask } from '../caption-provider.js';
import { fitDraft, violations } from '../platform-fit.js';
import { parseTitleRules } from '../title-rules.js';
import { writeOffline } from './offline-generator.js';
import { seededRandom } from './random.js';
import { stylePhrases } from './style-phrases.js';

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

const prompts = ['', 'my red dress at the beach', 'I just got back from the gym and feel amazing', 'Write a caption for my new cosplay of a space pirate', 'x'.repeat(1000)];

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
            expect(platformLength(draft.platform, captionText(fitted!))).toBeLessThanOrEqual(limits.captionMax);
            expect(fitted!.hashtags.length).toBeLessThanOrEqual(limits.hashtagsMax);
          } else {
            expect(fitted!.titles.every((title) => title.includes('[F]') && !/\p{Extended_Pictographic}/u.test(title))).toBe(true);
          }
        }
      }
    }
  });

  it('mostly needs no fixing: raw tweets, Instagram and TikTok captions already fit', () => {
    const random = seededRandom(2);
    for (let run = 0; run < 50; run++) {
      for (const draft of writeOffline(task({ styleHints: [styleHints[run % styleHints.length]!] }), random)) {
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
      shapes.add(instagram!.body.split('\n\n').map((paragraph) => (paragraph.match(/[.!?…]/g) ?? []).length).join('-'));
    }
    expect(bodies.size / calls).toBeGreaterThanOrEqual(0.95);
    expect(shapes.size).toBeGreaterThanOrEqual(5);
  });

  it("writes in the chosen style's voice", () => {
    const random = seededRandom(5);
    const own = (style: StyleHint) => [...stylePhrases[style].emoji!, ...stylePhrases[style].tag!];
    for (const style of styleHints) {
      const others = new Set(styleHints.filter((other) => other !== style).flatMap((other) => stylePhrases[other].tag!));
      const drafts = writeOffline(task({ styleHints: [style], platforms: ['instagram'], variants: 5 }), random);
      for (const draft of drafts) {
        const styleTags = draft.hashtags.filter((tag) => own(style).includes(tag));
        expect(styleTags.length, `${style} hashtags in ${draft.hashtags.join(',')}`).toBeGreaterThan(0);
        expect(draft.hashtags.filter((tag) => others.has(tag) && !own(style).includes(tag))).toEqual([]);
        expect([...draft.body].some((char) => stylePhrases[style].emoji!.some((emoji) => emoji.startsWith(char)))).toBe(true);
      }
    }
  });

  it('uses the prompt: its subject in the copy and its words as hashtags', () => {
    const drafts = writeOffline(task({ prompt: 'my red dress at the beach', platforms: ['instagram'], variants: 5 }), seededRandom(6));
    for (const draft of drafts) expect(draft.hashtags.map((tag) => tag.toLowerCase())).toEqual(expect.arrayContaining([expect.stringMatching(/red|dress|beach/)]));
    const all = writeOffline(task({ prompt: 'my red dress at the beach', variants: 5 }), seededRandom(7));
    expect(all.some((draft) => `${draft.titles.join(' ')} ${draft.body}`.includes('my red dress at the beach'))).toBe(true);
  });

  it('tells Reddit posters what the community requires of the photo', () => {
    const [reddit] = writeOffline(task({ platforms: ['reddit'], variants: 1, subreddit: gonewild }), seededRandom(8));
    expect(reddit!.photoInstructions).toContain('without a watermark');
    expect(reddit!.photoInstructions).toContain('requires verification');
  });

  it('repeats exactly with the same seed (so failures can be replayed)', () => {
    expect(writeOffline(task(), seededRandom(9))).toEqual(writeOffline(task(), seededRandom(9)));
  });
});
