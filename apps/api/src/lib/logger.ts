import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/** Query parameters that carry secrets (one-time links, OAuth codes); never written to logs. */
const secretParams = /([?&](?:token|code|state|access_token|refresh_token|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
        // A new personal API key's secret (decision 014).
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}
