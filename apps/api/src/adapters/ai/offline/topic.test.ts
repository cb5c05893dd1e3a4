import { describe, expect, it } from 'vitest';
import { readPrompt } from './topic.js';

describe('reading the prompt', () => {
  it('keeps a hyphenated compound together as one hashtag word', () => {
    const topic = readPrompt('Golden-hour selfie on my balcony in a new red dress');
    expect(topic.keywords).toContain('goldenhour');
    expect(topic.keywords).not.toContain('hour');
  });

  it('takes the subject, in the creator’s voice, without request boilerplate or tags', () => {
    expect(readPrompt('Write a caption for my new cosplay of a space pirate').topic).toBe(
      'my new cosplay of a space pirate',
    );
    expect(readPrompt('new lingerie set in black lace [F]').topic).toBe('my new lingerie set in black lace');
    expect(readPrompt('NYC rooftop shoot').topic).toBe('NYC rooftop shoot');
    expect(readPrompt('write something about my beach trip').topic).toBe('my beach trip');
    expect(readPrompt('caption for a mirror selfie').topic).toBe('my mirror selfie');
    expect(readPrompt('can you write me a flirty caption for my new pink bikini at the pool')).toMatchObject({
      topic: 'my new pink bikini',
      scene: 'at the pool',
    });
  });

  it('splits the subject (what) from the scene (where, when, mood)', () => {
    expect(readPrompt('new red lingerie set, cozy sunday morning in bed')).toMatchObject({
      topic: 'my new red lingerie set',
      short: 'my red lingerie set',
      thing: 'red lingerie set',
      scene: 'cozy Sunday morning in bed',
      statement: null,
    });
    expect(readPrompt('golden hour at the lake in my white sundress')).toMatchObject({
      topic: 'my white sundress',
      scene: 'golden hour at the lake',
    });
    expect(readPrompt('dancing at the club')).toMatchObject({
      topic: 'some dancing',
      thing: 'dancing',
      scene: 'at the club',
    });
    expect(readPrompt('rainy afternoon, oversized hoodie and nothing else, reading in bed')).toMatchObject({
      topic: 'my oversized hoodie and nothing else',
      thing: 'oversized hoodie',
      scene: 'rainy afternoon, reading in bed',
      sceneShort: 'rainy afternoon',
    });
  });

  it('reads several sentences: the outfit from one, the scene and the creator’s sentence from another', () => {
    expect(
      readPrompt('black lace bodysuit and thigh highs. shot it last night at the hotel. felt so good'),
    ).toMatchObject({
      topic: 'my black lace bodysuit and thigh highs',
      thing: 'black lace bodysuit',
      plural: true,
      scene: 'last night at the hotel',
      statement: 'Shot it last night at the hotel.',
      times: ['night'],
    });
  });

  it('cuts a long subject to its core for titles and keeps the details for bodies', () => {
    const read = readPrompt('cosplay of Tifa from Final Fantasy at the convention this weekend');
    expect(read).toMatchObject({
      topic: 'my cosplay of Tifa from Final Fantasy',
      short: 'my cosplay of Tifa',
      scene: 'at the convention this weekend',
    });
    const long = readPrompt(
      'my brand new handmade vintage style red satin corset with little gold buttons that I found at a flea market, we shot it on the balcony at sunset and then again inside by the fireplace',
    );
    expect(long.short!.split(' ').length).toBeLessThanOrEqual(4);
    expect(long.topic!.split(' ').length).toBeLessThanOrEqual(9);
    expect(long.topic).toMatch(/^my brand new/);
    expect(long.scene).toContain('balcony');
  });

  it('keeps a first-person sentence as the creator’s own line and finds its scene', () => {
    expect(readPrompt('I just got back from the gym and feel amazing!')).toMatchObject({
      topic: null,
      statement: 'I just got back from the gym and feel amazing.',
      scene: 'after the gym',
    });
    expect(readPrompt('Feeling cute in my new glasses')).toMatchObject({
      statement: 'Feeling cute in my new glasses.',
      topic: 'my new glasses',
      plural: true,
    });
  });

  it('reads one word, emoji and shouting like a person would', () => {
    expect(readPrompt('gym')).toMatchObject({ topic: 'gym day', thing: 'gym day', scene: null });
    expect(readPrompt('NEW BIKINI 👙🔥 pool day!!')).toMatchObject({
      topic: 'my new bikini',
      thing: 'new bikini',
      scene: 'pool day',
    });
    expect(readPrompt('hotel room')).toMatchObject({ topic: null, scene: 'in the hotel room' });
  });

  it('notes the times of day, days and weather the copy must agree with', () => {
    expect(readPrompt('new red lingerie set, cozy sunday morning in bed').times).toEqual([
      'morning',
      'sunday',
    ]);
    expect(readPrompt('rainy afternoon reading').times).toEqual(['afternoon', 'rain']);
    expect(readPrompt('my red dress').times).toEqual([]);
  });

  it('finds hashtag words and a side-by-side pair', () => {
    expect(readPrompt('my red dress at the beach')).toMatchObject({
      keywords: ['red', 'dress', 'beach'],
      pair: ['red', 'dress'],
    });
    expect(readPrompt('gym').pair).toBeNull();
  });

  it('gives no subject for an empty or pasted-noise prompt', () => {
    expect(readPrompt('')).toMatchObject({ topic: null, scene: null, statement: null });
    expect(readPrompt('x'.repeat(500))).toMatchObject({ topic: null, scene: null, keywords: [] });
  });
});
