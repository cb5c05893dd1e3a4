import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTokenCipher } from './token-cipher.js';

describe('refresh token encryption', () => {
  it('round-trips, uses a fresh IV each time, and refuses tampered or foreign ciphertexts', () => {
    const cipher = createTokenCipher(randomBytes(32));
    const token = '12345-refresh-token-value';
    const first = cipher.encrypt(token);
    const second = cipher.encrypt(token);
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(cipher.decrypt(first)).toBe(token);
    const [version, iv, data, tag] = first.split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => cipher.decrypt([version, iv, flipped.toString('base64url'), tag].join(':'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(first)).toThrow();
    expect(() => cipher.decrypt('plain-token')).toThrow();
  });
});

describe('Reddit posting configuration', () => {
  it('is off without credentials, uses the sign-in app or its own, and defaults the redirect URI', () => {
    expect(loadConfig({}).redditPosting).toBeUndefined();
    const shared = loadConfig({
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://app.example.com',
    });
    expect(shared.redditPosting).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: 'https://app.example.com/api/reddit/callback',
    });
    const own = loadConfig({
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      REDDIT_POSTING_CLIENT_ID: 'post-id',
      REDDIT_POSTING_CLIENT_SECRET: 'post-secret',
      REDDIT_REDIRECT_URL: 'https://app.example.com/reddit/back',
    });
    expect(own.redditPosting).toEqual({
      clientId: 'post-id',
      clientSecret: 'post-secret',
      redirectUri: 'https://app.example.com/reddit/back',
    });
    expect(() => loadConfig({ REDDIT_TOKEN_KEY: 'short' })).toThrow(/REDDIT_TOKEN_KEY/);
    expect(loadConfig({}).postSenderConcurrency).toBe(8);
  });
});
