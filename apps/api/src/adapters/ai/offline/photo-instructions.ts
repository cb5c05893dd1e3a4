import type { AiPlatform } from '@app/shared/ai';
import type { SubredditTitleRules } from '../caption-provider.js';
import type { Rules } from './grammar.js';

/** Framing each platform shows best. */
export const photoPhrases: Rules = {
  frameReddit: [
    'Shoot a clear portrait photo, uncropped and sharp',
    'Take a well-lit vertical photo with your face or signature detail in the top third',
    'Use a simple, tidy background so the subject stands out in the feed',
  ],
  frameTwitter: [
    'Crop to 16:9 or square so the preview is not cut',
    'Keep the key detail in the centre: the timeline crops the edges',
    'A square crop reads best in the timeline',
  ],
  frameInstagram: [
    'Shoot 4:5 portrait to fill the feed',
    'Plan a carousel of three to five 4:5 shots, strongest first',
    'Frame 4:5 with some space above the head',
  ],
  frameTiktok: [
    'Film vertical 9:16, seven to fifteen seconds',
    'Film 9:16 and put the hook on screen in the first second',
    'Film vertical with the camera at eye level, cut on the beat',
  ],
  photo: [
    '{frame}, lit by {light}, with {pose}.',
    '{frame}. Light: {light}. Pose: {pose}.',
    'Use {light} and go for {pose}. {frame}.',
    'Go for {pose}, lit by {light}. {frame}.',
  ],
};

export function frameSymbol(platform: AiPlatform): string {
  return {
    reddit: 'frameReddit',
    twitter: 'frameTwitter',
    instagram: 'frameInstagram',
    tiktok: 'frameTiktok',
  }[platform];
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
