import { describe, expect, it } from 'vitest';
import { aiTexts } from '@app/shared/ai';
import { defaultGenerationForm, subredditMessage, toggle, toRequest, validateForm } from './generation-form';

describe('generation form', () => {
  it('applies the spec 5 rule: an empty prompt with no platform asks for one of them', () => {
    expect(validateForm({ ...defaultGenerationForm, platforms: [], prompt: '   ' })).toEqual({
      platforms: aiTexts.selectPlatformsOrPrompt,
    });
    expect(validateForm({ ...defaultGenerationForm, platforms: [], prompt: 'Beach day' })).toEqual({});
    expect(validateForm({ ...defaultGenerationForm, platforms: ['tiktok'], prompt: '' })).toEqual({});
  });

  it('sends the subreddit only while Reddit is picked, trimmed, and refuses names Reddit cannot have', () => {
    const form = { ...defaultGenerationForm, subreddit: ' r/SelfieHour ' };
    expect(toRequest(form)).toEqual({
      prompt: '',
      platforms: ['reddit'],
      styleHints: [],
      variants: 3,
      subreddit: 'r/SelfieHour',
    });
    expect(toRequest({ ...form, platforms: ['twitter'] })).not.toHaveProperty('subreddit');
    expect(validateForm(form)).toEqual({});
    expect(validateForm({ ...form, subreddit: 'two words' })).toEqual({ subreddit: subredditMessage });
    expect(validateForm({ ...form, subreddit: 'two words', platforms: ['instagram'] })).toEqual({});
  });

  it('sends the gallery photo only when one is picked', () => {
    const mediaId = '0b7f6c52-5d43-4c4c-9d7a-2f1f0a8a1f3e';
    expect(toRequest(defaultGenerationForm)).not.toHaveProperty('mediaId');
    expect(toRequest({ ...defaultGenerationForm, mediaId })).toMatchObject({ mediaId });
    expect(validateForm({ ...defaultGenerationForm, mediaId })).toEqual({});
  });

  it('toggles a choice and keeps the order the form shows', () => {
    const all = ['a', 'b', 'c'] as const;
    expect(toggle(all, ['c'], 'a')).toEqual(['a', 'c']);
    expect(toggle(all, ['a', 'c'], 'a')).toEqual(['c']);
  });
});
