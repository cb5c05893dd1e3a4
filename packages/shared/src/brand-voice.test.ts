import { describe, expect, it } from 'vitest';
import {
  brandVoiceLimits,
  brandVoiceTexts,
  defaultBrandVoice,
  isPromoLink,
  isSingleEmoji,
  updateBrandVoiceSchema,
} from './brand-voice';

const messages = brandVoiceTexts.messages;

/** The first refusal as the API reports it: the field's path and the message. */
function refusal(body: unknown): [string, string] | undefined {
  const result = updateBrandVoiceSchema.safeParse(body);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return [issue!.path.join('.'), issue!.message];
}

describe('brand voice PUT body', () => {
  it('makes an empty body the default voice (a PUT replaces the whole voice)', () => {
    expect(updateBrandVoiceSchema.parse({})).toEqual(defaultBrandVoice);
    expect(defaultBrandVoice.emojiLevel).toBe('medium');
  });

  it('trims texts, turns blanks into null and leaves blank and repeated list items out', () => {
    expect(
      updateBrandVoiceSchema.parse({
        signature: '  Luna   Fox ',
        promoLink: '   ',
        useWords: ['babe', ' Babe ', '', '  good   girl ', 'xoxo'],
        avoidWords: [' '],
        useEmojis: ['🔥', ' ❤️ ', '❤', '', '🔥'],
        avoidEmojis: [],
        emojiLevel: 'low',
        samples: ['  Morning, babes ✨  ', '', 'Morning, babes ✨', 'Line one\r\nline two'],
      }),
    ).toEqual({
      signature: 'Luna Fox',
      promoLink: null,
      useWords: ['babe', 'good girl', 'xoxo'],
      avoidWords: [],
      useEmojis: ['🔥', '❤️'],
      avoidEmojis: [],
      emojiLevel: 'low',
      samples: ['Morning, babes ✨', 'Line one\nline two'],
    });
  });

  it('drops invisible control characters instead of storing them', () => {
    expect(
      updateBrandVoiceSchema.parse({
        signature: 'Lu\u0000na',
        useWords: ['ba\u0007be'],
        useEmojis: ['\u0000🔥'],
        samples: ['Line one\u0000\nline two'],
      }),
    ).toMatchObject({
      signature: 'Luna',
      useWords: ['babe'],
      useEmojis: ['🔥'],
      samples: ['Line one\nline two'],
    });
  });

  it('accepts a handle or a link for the promo link, and refuses anything else saying what is accepted', () => {
    for (const link of ['@lunafox', 'onlyfans.com/luna', 'https://fansly.com/luna', 'linktr.ee/luna_fox']) {
      expect(isPromoLink(link), link).toBe(true);
      expect(updateBrandVoiceSchema.parse({ promoLink: link }).promoLink).toBe(link);
    }
    for (const link of [
      'luna fox',
      'lunafox',
      '<a href=x>',
      'onlyfans.com/<luna>',
      '@',
      'javascript:alert(1)',
    ]) {
      expect(refusal({ promoLink: link }), link).toEqual(['promoLink', messages.promoLinkFormat]);
    }
    expect(messages.promoLinkFormat).toContain('@name');
    expect(messages.promoLinkFormat).toContain('onlyfans.com/name');
  });

  it('refuses texts past their limits with one message each', () => {
    expect(refusal({ signature: 'x'.repeat(brandVoiceLimits.signature + 1) })).toEqual([
      'signature',
      messages.signatureTooLong,
    ]);
    expect(updateBrandVoiceSchema.parse({ signature: 'x'.repeat(40) }).signature).toHaveLength(40);
    expect(
      updateBrandVoiceSchema.safeParse({ promoLink: `onlyfans.com/${'x'.repeat(120)}` }).error?.issues,
    ).toEqual([expect.objectContaining({ path: ['promoLink'], message: messages.promoLinkTooLong })]);
    expect(refusal({ useWords: ['ok', 'x'.repeat(31)] })).toEqual(['useWords.1', messages.wordTooLong]);
    expect(refusal({ samples: ['x'.repeat(501)] })).toEqual(['samples.0', messages.sampleTooLong]);
    expect(messages.signatureTooLong).toBe('Sign as must be 40 characters or fewer');
  });

  it('counts list limits after cleaning: 20 words, 12 emojis, 5 samples', () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`);
    expect(updateBrandVoiceSchema.parse({ useWords: words(20) }).useWords).toHaveLength(20);
    // Repeats and blanks do not count.
    expect(updateBrandVoiceSchema.parse({ useWords: [...words(20), 'WORD0', ''] }).useWords).toHaveLength(20);
    expect(refusal({ useWords: words(21) })).toEqual(['useWords', messages.tooManyUseWords]);
    expect(refusal({ avoidWords: words(21) })).toEqual(['avoidWords', messages.tooManyAvoidWords]);
    const thirteen = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎', '😍'];
    expect(updateBrandVoiceSchema.parse({ useEmojis: thirteen.slice(0, 12) }).useEmojis).toHaveLength(12);
    expect(refusal({ useEmojis: thirteen })).toEqual(['useEmojis', messages.tooManyUseEmojis]);
    expect(refusal({ avoidEmojis: thirteen })).toEqual(['avoidEmojis', messages.tooManyAvoidEmojis]);
    expect(refusal({ samples: ['a', 'b', 'c', 'd', 'e', 'f'] })).toEqual([
      'samples',
      messages.tooManySamples,
    ]);
  });

  it('takes only single emojis as emojis', () => {
    for (const emoji of ['🔥', '❤️', '👍🏽', '🏳️‍🌈', '👩🏽‍💻', '❤️‍🔥', '🇫🇷', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])
      expect(isSingleEmoji(emoji), emoji).toBe(true);
    for (const text of ['a', '1', 'fire', '🔥🔥', '🔥 ', '🔥a', ':)', '<3'])
      expect(isSingleEmoji(text), text).toBe(false);
    expect(refusal({ avoidEmojis: ['💋', 'fire'] })).toEqual(['avoidEmojis.1', messages.notAnEmoji]);
  });

  it('refuses wrong types and unknown fields with messages a person understands', () => {
    expect(refusal({ signature: 5 })).toEqual(['signature', messages.signatureText]);
    expect(refusal({ useWords: 'babe' })).toEqual(['useWords', messages.wordsList]);
    expect(refusal({ useWords: [5] })).toEqual(['useWords.0', messages.wordText]);
    expect(refusal({ samples: 'hi' })).toEqual(['samples', messages.samplesList]);
    expect(refusal({ emojiLevel: 'lots' })).toEqual(['emojiLevel', messages.emojiLevel]);
    expect(updateBrandVoiceSchema.safeParse({ tone: 'sweet' }).success).toBe(false);
  });
});
