import { describe, expect, it } from 'vitest';
import { defaultGenerationForm } from './generation-form';
import { rememberChoices, rememberedForm } from './remembered-choices';

describe('remembered choices', () => {
  it('starts from the defaults, then from the last choices, never from the last prompt or photo', () => {
    expect(rememberedForm()).toEqual(defaultGenerationForm);
    rememberChoices({
      prompt: 'secret idea',
      platforms: ['twitter', 'tiktok'],
      styleHints: ['bold'],
      variants: 5,
      subreddit: ' selfie ',
      mediaId: '0b7f6c52-5d43-4c4c-9d7a-2f1f0a8a1f3e',
    });
    expect(rememberedForm()).toEqual({
      prompt: '',
      platforms: ['twitter', 'tiktok'],
      styleHints: ['bold'],
      variants: 5,
      subreddit: 'selfie',
      mediaId: '',
    });
  });

  it('ignores what it does not know, keeping the defaults for it', () => {
    localStorage.setItem(
      'creator-studio.caption-generator.choices',
      JSON.stringify({ platforms: ['myspace', 'instagram'], styleHints: 'bold', variants: 4, subreddit: 7 }),
    );
    expect(rememberedForm()).toEqual({ ...defaultGenerationForm, platforms: ['instagram'] });
    localStorage.setItem('creator-studio.caption-generator.choices', '{not json');
    expect(rememberedForm()).toEqual(defaultGenerationForm);
  });
});
