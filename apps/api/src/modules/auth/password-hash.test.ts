import { describe, expect, it, vi } from 'vitest';

// Record every argon2 verification (against which hash) while still running the real one.
const verifications = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (hashed: string, password: string) => {
      verifications.push(hashed);
      return argon2.verify(hashed, password);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./password-hash.js');

const argonParameters = (hashed: string) => hashed.split('$').slice(1, 4).join('$');

describe('password hashing', () => {
  it('stores argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Secret123')).toBe(true);
    expect(await verifyPassword(stored, 'secret123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Secret123')).toBe(false);
  });

  it('runs one argon2 verification with the same cost when there is no hash to check against', async () => {
    const stored = await hashPassword('Secret123');
    verifications.length = 0;
    expect(await verifyPassword(null, 'Secret123')).toBe(false);
    expect(await verifyPassword(undefined, 'Secret123')).toBe(false);
    expect(verifications).toHaveLength(2);
    for (const dummy of verifications) expect(argonParameters(dummy)).toBe(argonParameters(stored));
  });
});
