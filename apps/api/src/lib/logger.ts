import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * Query parameters that carry secrets (one-time links, OAuth codes, the signature that lets anyone
 * holding a media link open the photo); never written to logs.
 */
const secretParams =
  /([?&](?:token|code|state|access_token|refresh_token|key|sig|x-amz-signature|x-amz-credential)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/** Where log lines go instead of stdout (tests write each server's log to a file). */
export interface LogDestination {
  write: (line: string) => void;
}

export function loggerOptions(
  config: AppConfig,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const pretty = !destination && config.env === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
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
        '*.csrfToken',
        '*.clientSecret',
        '*.client_secret',
        '*.access_token',
        '*.refresh_token',
        '*.secretKey',
        '*.webhookSecret',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
