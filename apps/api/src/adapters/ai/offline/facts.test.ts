import { describe, expect, it } from 'vitest';
import { readFacts } from './facts.js';

const texts = (prompt: string) => readFacts(prompt).pieces.map((piece) => piece.text);

describe('reading a prompt into facts', () => {
  it('splits at commas, colons and sentence ends, and joins a bare light to the picture before it', () => {
    const facts = readFacts(
      'New OnlyFans set is live: red satin robe, candlelight, 40 photos, 20% off this week',
    );
    expect(facts.pieces.map((piece) => [piece.text, piece.kind, piece.joint])).toEqual([
      ['New OnlyFans set is live', 'clause', ''],
      ['red satin robe by candlelight', 'phrase', ':'],
      ['40 photos', 'phrase', ','],
      ['20% off this week', 'phrase', ','],
    ]);
    expect(facts.pieces[1]!.predicate).toBe('in a red satin robe by candlelight');
    expect([...facts.contexts].sort()).toEqual(['offer', 'outfit']);
    expect(facts.names).toEqual(['OnlyFans']);
    expect(facts.lights).toContain('candlelight');
  });

  it('finds multiword names, with the numbers and small words inside them', () => {
    expect(readFacts('First time trying cosplay: Tifa Lockhart from Final Fantasy 7').names).toEqual([
      'Tifa Lockhart',
      'Final Fantasy 7',
    ]);
    expect(readFacts('Zelda cosplay from Tears of the Kingdom, first try').names).toEqual([
      'Zelda',
      'Tears of the Kingdom',
    ]);
    expect(readFacts('Jinx from Arcane, blue wig and tattoos').names).toEqual(['Jinx', 'Arcane']);
    // A capital that only starts the sentence is no name.
    expect(readFacts('Latex catsuit, first time').names).toEqual([]);
  });

  it('tells offers, firsts, couples and negations apart', () => {
    expect(readFacts('Fansly free trial for 7 days, link in bio').contexts.has('offer')).toBe(true);
    expect(readFacts('road trip to Austin, 6 hours in the car').contexts.has('offer')).toBe(false);
    expect(readFacts('topless on my balcony, first nude post').contexts.has('first')).toBe(true);
    expect(readFacts('Price drop: $3.99 for the first month').contexts.has('first')).toBe(false);
    expect(readFacts('my husband and I, date night at a hotel').subject).toBe('we');
    expect(readFacts('hubby took these in the hotel mirror').subject).toBe('I');
    const bare = readFacts('no makeup look, just woke up');
    expect(bare.negated).toContain('makeup');
    expect(bare.tagWords).toContain('nomakeup');
    expect(bare.tagWords).not.toContain('makeup');
  });

  it('says how the creator is pictured, with the article an outfit needs', () => {
    const predicate = (prompt: string) => readFacts(prompt).pieces[0]!.predicate;
    expect(predicate('topless on my balcony')).toBe('topless on my balcony');
    expect(predicate('black lace bodysuit and thigh highs')).toBe('in a black lace bodysuit and thigh highs');
    expect(predicate('oversized hoodie')).toBe('in an oversized hoodie');
    expect(predicate('white lace, soft morning light')).toBe('in white lace in soft morning light');
    expect(predicate('wearing his shirt and nothing else')).toBe('wearing his shirt and nothing else');
    expect(predicate('sweaty selfie')).toBeNull();
    expect(predicate('Princess Peach cosplay but make it lingerie')).toBeNull();
  });

  it('cuts a long outfit to its core for titles', () => {
    const [piece] = readFacts(
      'my brand new handmade vintage style red satin corset with little gold buttons',
    ).pieces;
    expect(piece!.short).toBe('my red satin corset');
  });

  it('drops request words, tags, emoji and shouting, and sets links aside', () => {
    expect(texts('Write a caption for my new cosplay of a space pirate')).toEqual([
      'my new cosplay of a space pirate',
    ]);
    expect(texts('caption for a mirror selfie')).toEqual(['mirror selfie']);
    expect(texts('NEW BIKINI 👙🔥 pool day!!')).toEqual(['new bikini', 'pool day']);
    expect(texts('gym selfie [F]')).toEqual(['gym selfie']);
    expect(texts('gym')).toEqual(['gym day']);
    const linked = readFacts('custom photo sets from $20, DM me @ivyrose');
    expect(linked.links).toEqual(['@ivyrose']);
    expect(linked.pieces[1]!.roles.has('link')).toBe(true);
  });

  it('writes brands, days and holidays as they are written', () => {
    expect(texts("new onlyfans set, valentine's day, sunday only")).toEqual([
      'new OnlyFans set',
      "Valentine's day",
      'Sunday only',
    ]);
  });

  it('reads a list typed without spaces, and no outfit into "and and and"', () => {
    expect(readFacts('Tifa,Lockhart,Final Fantasy').names).toEqual(['Tifa', 'Lockhart', 'Final Fantasy']);
    expect(readFacts('and and and').pieces[0]!.predicate).toBeNull();
  });

  it('reads nothing into an empty or pasted-noise prompt', () => {
    expect(readFacts('').pieces).toEqual([]);
    expect(readFacts('   ').tagWords).toEqual([]);
  });
});
