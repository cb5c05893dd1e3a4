import { analyse } from 'scslre';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages as m } from './messages';
import { emailMaxLength, emailPattern, emailSchema, loginSchema, usernameSchema } from './auth';

const longAddress = `a@${'a'.repeat(100_000)}`;

describe('e-mail pattern (issue 20, finding 1)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cannot backtrack super-linearly on any input', () => {
    // The old pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/ is reported here (a 20 KB address took 1.1 s).
    expect(analyse({ source: emailPattern.source, flags: emailPattern.flags }).reports).toEqual([]);
  });

  it('accepts ordinary addresses and refuses what is not one', () => {
    for (const ok of ['ana@example.com', 'first.last+promo@mail.example.co.uk', 'x@y.io'])
      expect(emailSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['ana@example', 'ana example@x.com', '@x.com', 'a@@x.com', 'a@x.', 'a@.x', 'a@x..com'])
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses an over-long address on its length alone, before any pattern runs', () => {
    const test = vi.spyOn(emailPattern, 'test');
    const result = emailSchema.safeParse(longAddress);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([m.emailInvalid]);
    expect(test).not.toHaveBeenCalled();
    // At the limit the pattern still decides.
    expect(emailSchema.safeParse(`${'a'.repeat(emailMaxLength - 6)}@x.com`).success).toBe(true);
    expect(test).toHaveBeenCalledTimes(1);
  });

  it('refuses an over-long login name before the e-mail or username pattern runs', () => {
    const test = vi.spyOn(emailPattern, 'test');
    const result = loginSchema.safeParse({ username: longAddress, password: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([m.loginIdentifierInvalid]);
    expect(test).not.toHaveBeenCalled();
  });

  it('refuses an over-long username with one message', () => {
    const result = usernameSchema.safeParse('a'.repeat(100_000) + '!');
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([m.usernameTooLong]);
  });
});
