import { describe, expect, it } from 'vitest';
import { updateUserSettingsSchema, watermarkTextErrors, watermarkTextProblem } from './settings';
import { watermarkTextOf } from './media';

const parse = (watermarkText: unknown) => updateUserSettingsSchema.safeParse({ watermarkText });

describe('watermark text', () => {
  it('trims, folds inner spaces and keeps names, handles and accents', () => {
    expect(parse('  @jane.doe   photos ').data?.watermarkText).toBe('@jane.doe photos');
    expect(parse('© Zoë Müller-Smith').data?.watermarkText).toBe('© Zoë Müller-Smith');
    expect(parse('x'.repeat(40)).success).toBe(true);
  });

  it('stores empty or null as null (the username mark)', () => {
    expect(parse('   ').data?.watermarkText).toBeNull();
    expect(parse(null).data?.watermarkText).toBeNull();
  });

  it('refuses long text, emoji and symbols, links and domains with a message a person understands', () => {
    expect(watermarkTextProblem('x'.repeat(41))).toBe(watermarkTextErrors.tooLong);
    expect(watermarkTextProblem('jane 🔥')).toBe(watermarkTextErrors.characters);
    expect(watermarkTextProblem('jane <3 $$')).toBe(watermarkTextErrors.characters);
    for (const link of ['onlyfans.com/jane', 'jane.co', 'http://jane', 'www.jane', 'jane . fans', 'JANE.COM'])
      expect(watermarkTextProblem(link), link).toBe(watermarkTextErrors.link);
    expect(parse(12).error?.issues[0]?.message).toBe(watermarkTextErrors.notString);
  });

  it('draws the saved text on paid plans only, the username mark otherwise', () => {
    const user = { username: 'jane', isAdmin: false, role: 'user' };
    expect(watermarkTextOf({ ...user, tier: 'starter' }, '@jane.photos')).toBe('@jane.photos');
    expect(watermarkTextOf({ ...user, tier: 'pro' }, null)).toBe('© jane');
    expect(watermarkTextOf({ ...user, tier: 'free' }, '@jane.photos')).toBe('© jane');
  });
});
