import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

async function averageMs(run: () => Promise<unknown>, times = 5) {
  await run();
  const started = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - started) / times;
}

describe('password hashing', () => {
  it('stores argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('Secret123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Secret123')).toBe(true);
    expect(await verifyPassword(stored, 'secret123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Secret123')).toBe(false);
  });

  it('spends the same argon2 work when there is no hash to check against', async () => {
    const stored = await hashPassword('Secret123');
    const real = await averageMs(() => verifyPassword(stored, 'Wrong-pass1'));
    const missing = await averageMs(() => verifyPassword(null, 'Wrong-pass1'));
    expect(await verifyPassword(null, 'Secret123')).toBe(false);
    expect(missing).toBeGreaterThan(real * 0.5);
  });
});
