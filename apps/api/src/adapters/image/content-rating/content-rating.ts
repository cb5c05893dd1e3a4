import type { ContentRating, ContentScores } from '@app/shared/media';

/** nsfwjs's five classes, as its model names them, and the key each has in ContentScores. */
export const classifierClasses = {
  Drawing: 'drawing',
  Hentai: 'hentai',
  Neutral: 'neutral',
  Porn: 'porn',
  Sexy: 'sexy',
} as const satisfies Record<string, keyof ContentScores>;

/**
 * The model's scores are a softmax over the five classes, so a photo it hesitates on spreads its
 * score over neighbours (Porn 0.45 + Sexy 0.40). The thresholds therefore add classes up instead
 * of reading the top class alone:
 * - explicit: Porn + Hentai reach `explicit` (more than half of the model's belief is explicit);
 * - suggestive: otherwise, Sexy + Porn + Hentai reach `suggestive` (lower: it only shows a badge,
 *   so a photo the model is unsure about is better shown as suggestive than as safe);
 * - safe: the rest (mostly Neutral or Drawing).
 * Explicit forces a post's NSFW mark on (docs/decisions/037-photo-content-rating.md), which is why its
 * bar is a majority and not lower: a wrong explicit costs the creator reach on a safe photo.
 */
export const ratingThresholds = { explicit: 0.5, suggestive: 0.4 } as const;

export function ratingOf(scores: ContentScores): ContentRating {
  if (scores.porn + scores.hentai >= ratingThresholds.explicit) return 'explicit';
  if (scores.sexy + scores.porn + scores.hentai >= ratingThresholds.suggestive) return 'suggestive';
  return 'safe';
}

/** nsfwjs's predictions ({ className, probability } for each class) as ContentScores, rounded to 4 places. */
export function scoresOf(
  predictions: ReadonlyArray<{ className: string; probability: number }>,
): ContentScores {
  const scores: ContentScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
  for (const { className, probability } of predictions) {
    const key = classifierClasses[className as keyof typeof classifierClasses];
    if (!key) throw new Error(`unknown classifier class: ${className}`);
    scores[key] = Math.round(probability * 10_000) / 10_000;
  }
  return scores;
}
