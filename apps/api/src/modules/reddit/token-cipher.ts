import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { loadServerSecret } from '../../lib/server-secret.js';

const secretName = 'reddit-token-key';
const version = 'v1';
// Ties a ciphertext to its purpose: a blob copied into another encrypted column does not decrypt.
const associatedData = Buffer.from('reddit-refresh-token');

/** AES-256-GCM for the Reddit refresh tokens we store; a stolen database alone does not reveal them. */
export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The token key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(associatedData);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [version, iv, encrypted, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    decrypt(stored) {
      const [tag, iv, encrypted, authTag] = stored.split(':');
      if (tag !== version || !iv || encrypted === undefined || !authTag)
        throw new Error('Unknown token format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(associatedData);
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * REDDIT_TOKEN_KEY (any secret of 32+ characters, stretched to 256 bits with SHA-256) when set;
 * otherwise one random key kept in server_secrets, created by whichever process asks first, so every
 * process decrypts what another stored. Losing that key means users connect their accounts again.
 */
export async function loadTokenKey(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return createHash('sha256').update(configured, 'utf8').digest();
  return loadServerSecret(db, secretName);
}
