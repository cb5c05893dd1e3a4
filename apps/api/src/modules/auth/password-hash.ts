import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane); its enum
// is a const enum that isolatedModules cannot import, so the number is spelled out.
const argon2id = 2;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Hashed once per process: verifying against it costs as much as against a real hash.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash (unknown user, social-only account) it still runs one
 * argon2 verification so the answer takes as long as for a real account.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
