import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { loggerOptions, redactUrl } from '../../src/lib/logger.js';
import { knownTestSecrets } from './known-secrets.js';
import { findSecretsInLog, scanLogDirectory } from './scan-logs.js';

const requestLine = (url: string) =>
  JSON.stringify({
    level: 30,
    reqId: 'req-1',
    req: { method: 'GET', url, remoteAddress: '127.0.0.1' },
    msg: 'incoming request',
  });

describe('the log secret scanner', () => {
  it('passes what operators need: request lines, errors, redacted values', () => {
    const log = [
      requestLine('/api/auth/user'),
      requestLine(redactUrl('/api/auth/verify-email?token=abcdefgh12345678&email=a%40b.c')),
      JSON.stringify({ level: 30, res: { statusCode: 200 }, responseTime: 3.2, msg: 'request completed' }),
      JSON.stringify({
        level: 50,
        err: { type: 'Error', message: 'connect ECONNREFUSED', stack: 'Error: …' },
        msg: 'job failed',
      }),
      JSON.stringify({ level: 30, body: { password: '[redacted]', username: 'creator_1' }, msg: 'login' }),
      JSON.stringify({ level: 30, apiKey: { prefix: 'cs_live_AbCdEfGh' }, msg: 'API key created' }),
      JSON.stringify({
        level: 30,
        msg: 'Mail "Confirm your email address" written to the outbox',
        mailTo: 'a@b.c',
      }),
    ].join('\n');
    expect(findSecretsInLog(log, ['Known-pass1'])).toEqual([]);
  });

  it.each([
    ['a password the tests use', JSON.stringify({ msg: 'login failed for Known-pass1' })],
    ['a password field', JSON.stringify({ body: { password: 'hunter2-Hunter2' } })],
    ['a reset token in a URL', requestLine('/api/auth/reset-password?token=0123456789abcdef')],
    ['an OAuth code in a URL', requestLine('/api/auth/google/callback?code=4%2F0Adeu5BW&state=xyz')],
    [
      'a media link signature',
      requestLine(
        '/api/media/0b6f5a52-5c1a-4f43-9a55-7c1f0e3c2a10/file/original?exp=1795000000&sig=AbCd0123EfGh4567',
      ),
    ],
    [
      'a personal API key',
      JSON.stringify({ msg: 'key cs_live_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxyz' }),
    ],
    [
      'a session cookie',
      JSON.stringify({ req: { headers: { cookie: 'sid=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5' } } }),
    ],
    ['a CSRF secret cookie', 'set-cookie: _csrf=AbCdEfGh12345678; Path=/; HttpOnly'],
    ['a bearer token', JSON.stringify({ headers: { authorization: 'Bearer 9f8e7d6c5b4a3f2e1d0c' } })],
    ['a Reddit refresh token', JSON.stringify({ refresh_token: 'rt-0123456789' })],
    ['a Reddit access token', JSON.stringify({ access_token: 'at-0123456789' })],
    ['a Stripe secret key', JSON.stringify({ msg: 'Stripe failed with key sk_test_standin0123456789' })],
    ['a Stripe webhook secret', JSON.stringify({ msg: 'signing with whsec_abcdef123456' })],
    [
      'an SMTP password',
      JSON.stringify({ msg: 'connecting to smtp://mailer:s3cr3t-pass@mail.example.com:587' }),
    ],
    ['a verification token field', JSON.stringify({ token: 'verify-0123456789' })],
  ])('flags %s', (_what, line) => {
    const findings = findSecretsInLog(`${requestLine('/healthz')}\n${line}`, ['Known-pass1']);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.line).toBe(2);
  });

  it('does not repeat the secret in its report', () => {
    const [finding] = findSecretsInLog(JSON.stringify({ msg: 'oops Known-pass1 here' }), ['Known-pass1']);
    expect(finding!.kind).toBe('a secret the tests use');
    expect(finding!.excerpt).not.toContain('Known-pass1');
  });

  it('finds a planted secret in a run directory of log files, naming file and line', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'log-scan-'));
    try {
      await writeFile(path.join(directory, 'api-clean.log'), `${requestLine('/healthz')}\n`);
      await writeFile(
        path.join(directory, 'api-leaky.log'),
        `${requestLine('/')}\n${JSON.stringify({ msg: 'pw Secret123' })}\n`,
      );
      const { findings, files, lines } = await scanLogDirectory(directory, ['Secret123']);
      expect({ files, lines }).toEqual({ files: 2, lines: 3 });
      expect(findings.map(({ file, line }) => `${file}:${line}`)).toEqual(['api-leaky.log:2']);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('knows the passwords and stand-in secrets the tests use', async () => {
    const secrets = await knownTestSecrets();
    for (const value of ['Known-pass1', 'Secret123', 'Brand-new1', 'stand-in-secret'])
      expect(secrets).toContain(value);
    for (const notSecret of ['SAME_PASSWORD', 'XSRF-TOKEN', 'pk_test_csp'])
      expect(secrets).not.toContain(notSecret);
  });
});

describe('the server logger', () => {
  it('writes request lines but redacts secrets in bodies, headers and one-time links', async () => {
    const lines: string[] = [];
    const options = loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), {
      write: (line) => void lines.push(line),
    });
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: options });
    app.post('/api/echo', async (request) => {
      request.log.info({ body: request.body }, 'body received');
      return { ok: true };
    });
    try {
      await app.inject({
        method: 'POST',
        url: '/api/echo?token=reset-0123456789',
        headers: {
          authorization: 'Bearer 9f8e7d6c5b4a3f2e1d0c',
          cookie: 'sid=Zm9vYmFyYmF6cXV4MTIz',
          'x-csrf-token': 'csrf-0123456789',
        },
        payload: {
          password: 'Known-pass1',
          csrfToken: 'csrf-0123456789',
          refresh_token: 'rt-0123456789',
          clientSecret: 'client-secret-1',
        },
      });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/api/echo?token=[redacted]"');
    expect(log).toContain('request completed');
    expect(findSecretsInLog(log, ['Known-pass1', 'client-secret-1'])).toEqual([]);
  });
});
