import type { AiPlatform } from '@app/shared/ai';
import type { SubredditTitleRules } from '../caption-provider.js';
import type { PromptFacts } from './facts.js';
import { pick, type Random } from './random.js';
import { platformFrames } from './voices/platform-lines.js';
import type { StyleVoice } from './voices/types.js';

/** Places worth keeping in frame; "work", "class" or a "con" are not something a photo shows. */
const visiblePlaces = new Set(
  'bed bedroom beach pool gym hotel shower bath bathtub kitchen couch sofa car balcony rooftop garden park forest woods lake sauna window cabin pier grass sea ocean fireplace locker'.split(
    ' ',
  ),
);
const lightPhrase =
  /\b(?:(?:soft|warm|golden|natural|morning|evening|dim|low|red|pink|blue|purple|green|fairy|string|neon|sunset|window)\s+)*(?:candlelight|candles|moonlight|lamplight|daylight|sunlight|sunshine|lights?|golden hour|lamp)\b/i;

/**
 * How to shoot it: the platform's framing, the prompt's own light (never another: candlelight gets
 * no "direct sun"), a pose in the style, what to put in focus, and what the community requires.
 */
export function photoIdeas(
  platform: AiPlatform,
  facts: PromptFacts,
  style: StyleVoice,
  random: Random,
  rules: SubredditTitleRules | null,
): string {
  const text = facts.pieces.map((piece) => piece.text).join(', ');
  const light = text.match(lightPhrase)?.[0];
  const parts = [`${pick(platformFrames[platform], random)}.`];
  if (light && /golden hour/i.test(light)) parts.push('Shoot during golden hour and face the sun side-on.');
  else if (light) parts.push(`Let the ${light.toLowerCase()} be your only light, and expose for your face.`);
  else
    parts.push(
      pick(
        [
          'Keep the light soft and even on your face.',
          'Face the brightest light you have; no harsh shadows on your face.',
          'Use the light you have, facing it, so your face stays clear.',
        ],
        random,
      ),
    );
  const poses = style.poses
    .map((line) => (typeof line === 'string' ? { text: line } : line))
    .filter((line) => (!line.when || line.when.some((context) => facts.contexts.has(context))) && !line.solo);
  // A pose made for the prompt's kind (feet, a couple, fitness) whenever the style has one.
  const fitting = poses.filter((line) => line.when);
  parts.push(`Pose: ${pick(fitting.length ? fitting : poses, random).text}.`);
  const outfit = facts.outfits[0];
  const count = text.match(/\b(\d+)\s+(?:new\s+)?(photos|pics|pictures)\b/i);
  const place = facts.places.find((each) => visiblePlaces.has(each));
  if (count) parts.push(`Pick the strongest of the ${count[1]} ${count[2]} as the cover.`);
  else if (outfit && random() < 0.7) parts.push(`Make the ${outfit} the focus.`);
  else if (place) parts.push(`Keep a little of the ${place} in frame so the setting reads.`);
  return [...parts, ...communityPhotoNotes(rules)].join(' ');
}

/** What the target community's rules mean for the picture itself. */
export function communityPhotoNotes(rules: SubredditTitleRules | null): string[] {
  if (!rules) return [];
  const notes: string[] = [];
  if (rules.watermarksAllowed === false)
    notes.push(`Post it without a watermark: r/${rules.name} does not allow them.`);
  if (rules.verificationRequired)
    notes.push(`r/${rules.name} requires verification: get verified with its moderators before posting.`);
  return notes;
}
