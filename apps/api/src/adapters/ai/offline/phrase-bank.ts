import type { AiPlatform } from '@app/shared/ai';
import type { Rules } from './grammar.js';

/** Words and lines every style shares: times, fall-back topics and each platform's calls to action. */
export const sharedPhrases: Rules = {
  when: [
    'today',
    'tonight',
    'this morning',
    'this weekend',
    'after a long week',
    'on a lazy Sunday',
    'right after golden hour',
    'before the sun went down',
    'at midnight',
    'on a rainy afternoon',
    'this Friday',
    'before coffee',
  ],
  day: ['day', 'week', 'weekend', 'morning', 'evening', 'night'],
  topicFallback: [
    'my latest set',
    'my new look',
    'a little something new',
    'today’s shoot',
    'a moment I loved',
    'the new photos',
    'this one',
  ],
  /** The subject when the creator's own sentence already named it. */
  topicNeutral: ['this one'],
  redditCta: [
    'First time posting here, be nice.',
    'Comments make my day.',
    'Say hi if this made you smile.',
    'More on my profile if you liked this.',
    'Tell me what you would like to see next.',
    'Upvote if you want part two.',
  ],
  twitterCta: [
    'Reply with an emoji if you like it.',
    'RT if this made your timeline better.',
    'Quote this with your honest rating.',
    'Like if you want more.',
    'Tell me in the replies.',
  ],
  instagramCta: [
    'Double tap if you agree.',
    'Save this for later.',
    'Tell me in the comments.',
    'Share this with someone who needs it.',
    'Tag someone who would love this.',
    'Drop your favourite emoji below.',
    'Link in bio for more.',
  ],
  tiktokCta: [
    'Wait for the end.',
    'Follow for part two.',
    'Duet this if you dare.',
    'Comment and I might reply with a video.',
    'Save this and watch it again.',
    'Stitch this with your version.',
  ],
  tiktokHook: [
    'POV: {topic}',
    'Nobody asked, but here is {topic}',
    'Things I did {when}: {topic}',
    'Tell me you love {topic} without telling me',
    'Rating {topic} out of ten',
    'Let me show you {topic}',
    'Day in my life, featuring {topic}',
    'This is your sign for {topic}',
  ],
  instagramLead: [
    'New post, new energy.',
    'Swipe for more.',
    'Photo dump, {when}.',
    'Story time.',
    'Photo diary, {when}.',
  ],
  platformTagInstagram: [
    'instagood',
    'photooftheday',
    'instadaily',
    'picoftheday',
    'ootd',
    'selfie',
    'explorepage',
    'portrait',
    'aesthetic',
    'creator',
  ],
  platformTagTiktok: ['fyp', 'foryou', 'foryoupage', 'viral', 'trending', 'tiktokcreator'],
  platformTagTwitter: ['selfie', 'creator', 'photography', 'newpost'],
};

/**
 * The shapes a result can take, per platform: different sentence sequences, not one sentence with
 * different words. `{line}` twice never repeats (decks), `{x?}` is sometimes left out.
 */
export const captionShapes: Record<AiPlatform, readonly string[]> = {
  reddit: [
    '{line} {closer?}',
    '{line} {line} {redditCta?}',
    '{question} {redditCta}',
    '{opener.cap}. {line}',
    '{line} {tease?}',
    '{redditCta}',
    '{opener.cap}. {question}',
    '{line} {question}',
  ],
  twitter: [
    '{opener.cap} {emoji}',
    '{opener.cap}. {question}',
    '{line} {emoji} {tease}',
    '{question} {emoji}\n{opener.cap}.',
    '{opener.cap}.\n\n{line} {emoji?}',
    '{line} {twitterCta}',
    '{tease} {emoji}',
    '{opener.cap} {emoji} {closer?}',
  ],
  instagram: [
    '{opener.cap} {emoji}\n\n{line} {line} {tease?}\n\n{question}\n{instagramCta} {emoji}',
    '{instagramLead} {emoji}\n\n{opener.cap}. {line}\n\n{instagramCta}',
    '{opener.cap}.\n{line} {emoji}\n\n{question} {instagramCta}',
    '{line} {emoji}\n\n{opener.cap}. {line} {closer}\n\n{instagramCta} {emoji?}',
    '{question} {emoji}\n\n{opener.cap}. {tease}\n\n{closer} {emoji}',
    '{opener.cap} {emoji} {line}\n\n{instagramCta}',
  ],
  tiktok: [
    '{tiktokHook} {emoji}\n{line} {tiktokCta}',
    '{opener.cap} {emoji} {tiktokCta}',
    '{tiktokHook}. {question} {emoji}',
    '{line} {emoji}\n{tiktokCta}',
    '{tiktokHook} {emoji} {tease?}',
    '{question} {tiktokHook}. {tiktokCta}',
  ],
};

/** Titles: Reddit's post titles, and elsewhere the first line or on-screen hook. */
export const titleShapes: Record<AiPlatform, readonly string[]> = {
  reddit: ['{rtitle}', '{rtitle}', '{rtitle} {emoji?}', '{opener.cap}', '{question}', 'Feeling {adj} {when}'],
  twitter: ['{opener.cap}', '{question}', '{rtitle}'],
  instagram: ['{opener.cap}', '{instagramLead}', '{rtitle}'],
  tiktok: ['{tiktokHook}', '{question}', '{rtitle}'],
};

export const hashtagCounts: Record<AiPlatform, { min: number; max: number }> = {
  reddit: { min: 0, max: 0 },
  twitter: { min: 1, max: 3 },
  instagram: { min: 10, max: 20 },
  tiktok: { min: 4, max: 7 },
};
