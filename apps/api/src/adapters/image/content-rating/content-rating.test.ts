import { describe, expect, it } from 'vitest';
import type { ContentScores } from '@app/shared/media';
import { ratingOf, scoresOf } from './content-rating.js';

const scores = (values: Partial<ContentScores>): ContentScores => ({
  drawing: 0,
  hentai: 0,
  neutral: 0,
  porn: 0,
  sexy: 0,
  ...values,
});

describe('content rating from the classifier scores', () => {
  it('rates a photo explicit when Porn and Hentai together hold half of the belief', () => {
    expect(ratingOf(scores({ porn: 0.9, neutral: 0.1 }))).toBe('explicit');
    expect(ratingOf(scores({ hentai: 0.6, drawing: 0.4 }))).toBe('explicit');
    // Neither class alone wins, together they are half: explicit.
    expect(ratingOf(scores({ porn: 0.3, hentai: 0.2, sexy: 0.45, neutral: 0.05 }))).toBe('explicit');
    expect(ratingOf(scores({ porn: 0.49, neutral: 0.51 }))).toBe('suggestive');
  });

  it('rates it suggestive when Sexy, Porn and Hentai together hold 40 %, without being explicit', () => {
    expect(ratingOf(scores({ sexy: 0.7, neutral: 0.3 }))).toBe('suggestive');
    expect(ratingOf(scores({ sexy: 0.2, porn: 0.2, neutral: 0.6 }))).toBe('suggestive');
    expect(ratingOf(scores({ sexy: 0.39, neutral: 0.61 }))).toBe('safe');
  });

  it('rates neutral photos and drawings safe', () => {
    expect(ratingOf(scores({ neutral: 0.95, sexy: 0.05 }))).toBe('safe');
    expect(ratingOf(scores({ drawing: 0.9, hentai: 0.1 }))).toBe('safe');
    expect(ratingOf(scores({ drawing: 0.4, neutral: 0.35, sexy: 0.1, porn: 0.1, hentai: 0.05 }))).toBe(
      'safe',
    );
  });

  it("reads nsfwjs's predictions into scores by class, rounded to 4 places", () => {
    expect(
      scoresOf([
        { className: 'Neutral', probability: 0.812345 },
        { className: 'Drawing', probability: 0.15 },
        { className: 'Sexy', probability: 0.02 },
        { className: 'Porn', probability: 0.01 },
        { className: 'Hentai', probability: 0.007655 },
      ]),
    ).toEqual({ neutral: 0.8123, drawing: 0.15, sexy: 0.02, porn: 0.01, hentai: 0.0077 });
    expect(() => scoresOf([{ className: 'Violence', probability: 1 }])).toThrow(/unknown classifier class/);
  });
});
