import { describe, expect, it } from 'vitest';
import { readPrompt } from './topic.js';

describe('reading the prompt', () => {
  it('takes the subject, in the creator’s voice, without request boilerplate or tags', () => {
    expect(readPrompt('Write a caption for my new cosplay of a space pirate').topic).toBe('my new cosplay of a space pirate');
    expect(readPrompt('new lingerie set in black lace [F]').topic).toBe('my new lingerie set in black lace');
    expect(readPrompt('dancing at the club').topic).toBe('dancing at the club');
    expect(readPrompt('NYC rooftop shoot').topic).toBe('NYC rooftop shoot');
  });

  it('keeps a statement as the creator’s own sentence', () => {
    expect(readPrompt('I just got back from the gym and feel amazing!')).toMatchObject({
      topic: null,
      statement: 'I just got back from the gym and feel amazing.',
    });
  });

  it('finds hashtag words and a side-by-side pair', () => {
    expect(readPrompt('my red dress at the beach')).toMatchObject({ keywords: ['red', 'dress', 'beach'], pair: ['red', 'dress'] });
    expect(readPrompt('gym').pair).toBeNull();
  });

  it('gives no subject for an empty or pasted-noise prompt', () => {
    expect(readPrompt('').topic).toBeNull();
    expect(readPrompt('x'.repeat(500))).toMatchObject({ topic: null, keywords: [] });
  });
});
