import { describe, expect, it } from 'vitest';
import { defaultGenerationForm } from './generation-form';
import { rememberChoices, rememberedForm } from './remembered-choices';

describe('remembered choices', () => {
  it('starts from the defaults, then from the last choices, never from the last prompt', () => {
    expect(rememberedForm()).toEqual(defaultGenerationForm);
    rememberChoices({
      prompt: 'secret idea',
      platforms: ['twitter', 'tiktok'],
      styleHints: ['bold'],
      variants: 5,
      subreddit: ' selfie ',
    });
    expect(rememberedForm()).toEqual({
      prompt: '',
      platforms: ['twitter', 'tiktok'],
      styleHints: ['bold'],
      variants: 5,
      subreddit: 'selfie',
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
