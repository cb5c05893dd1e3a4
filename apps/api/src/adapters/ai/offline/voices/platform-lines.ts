import type { AiPlatform } from '@app/shared/ai';
import type { Lines } from './types.js';

/** Each platform's calls to action; fact-free like every voice line. */
export const callsToAction: Record<AiPlatform, Lines> = {
  reddit: [
    'Comments are always welcome.',
    'Say hi in the comments.',
    'Tell me what you think in the comments.',
    'Upvote if you want to see more.',
    { text: 'Details are on my profile.', when: ['offer'] },
    { text: 'Message me if you want in.', when: ['offer'] },
    { text: 'Be nice in the comments.', when: ['first'] },
    { text: 'Tell me who I should do next.', when: ['cosplay'] },
  ],
  twitter: [
    'Replies are open.',
    'Tell me in the replies.',
    'Like if you want more.',
    'RT if you like it.',
    { text: 'Reply if you want in.', when: ['offer'] },
    { text: 'Be nice in the replies.', when: ['first'] },
  ],
  instagram: [
    'Tell me in the comments.',
    'Save this for later.',
    'Double tap if you like it.',
    'Drop an emoji below.',
    'Share this with someone who needs it.',
    { text: 'Send me a message if you want in.', when: ['offer'] },
    { text: 'Tag someone who would love this.', when: ['cosplay', 'fitness'] },
  ],
  tiktok: [
    'Follow for more.',
    'Comment and I might reply.',
    'Save this one.',
    'Stitch this with your reaction.',
    { text: 'Follow so you don’t miss it.', when: ['offer'] },
    { text: 'Duet this if you dare.', when: ['couple', 'cosplay', 'fitness'] },
  ],
};

/** Framing each platform shows best, for the photo directions. */
export const platformFrames: Record<AiPlatform, readonly string[]> = {
  reddit: [
    'Shoot a clear portrait photo, uncropped and sharp',
    'Take a sharp vertical photo with your face or signature detail in the top third',
    'Keep the background simple so you stand out in the feed',
  ],
  twitter: [
    'Crop to 16:9 or square so the preview is not cut',
    'Keep the key detail in the centre: the timeline crops the edges',
    'A square crop reads best in the timeline',
  ],
  instagram: [
    'Shoot 4:5 portrait to fill the feed',
    'Plan a carousel of three to five 4:5 shots, strongest first',
    'Frame 4:5 with some space above the head',
  ],
  tiktok: [
    'Film vertical 9:16, seven to fifteen seconds',
    'Film 9:16 and put the hook on screen in the first second',
    'Film vertical with the camera at eye level, cut on the beat',
  ],
};

/** Hashtags each platform's audience searches, fact-free. */
export const platformTags: Record<AiPlatform, readonly string[]> = {
  reddit: [],
  twitter: ['creator', 'newpost', 'contentcreator'],
  instagram: [
    'instagood',
    'photooftheday',
    'instadaily',
    'picoftheday',
    'explorepage',
    'portrait',
    'aesthetic',
    'creator',
  ],
  tiktok: ['fyp', 'foryou', 'foryoupage', 'viral', 'trending', 'tiktokcreator'],
};
