import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorBody } from '@app/shared/errors';
import { mediaErrors } from '@app/shared/media';
import { isDatabaseUnreachable } from '../db/errors.js';
import { AppError } from '../lib/app-error.js';
import { describeValidationIssue } from '../lib/validation-message.js';

export const databaseUnreachableMessage = 'The database is unreachable. Retrying shortly.';

/** Fastify's own client errors, reworded so a person knows what to change. */
const fastifyClientErrors: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'This request body type is not supported. Send JSON (Content-Type: application/json).',
    code: errorCodes.unsupportedMediaType,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    message: 'The request is too large. Send less data at once.',
    code: errorCodes.payloadTooLarge,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty but JSON was declared. Send a JSON body or no Content-Type.',
    code: errorCodes.badJson,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    message: 'The request body is not valid JSON.',
    code: errorCodes.badJson,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
    code: errorCodes.validation,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'Send the file as a form upload (Content-Type: multipart/form-data) in a field named "file".',
    code: errorCodes.unsupportedMediaType,
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: mediaErrors.tooLarge, code: errorCodes.payloadTooLarge },
  FST_FILES_LIMIT: { status: 400, message: mediaErrors.oneFileOnly, code: errorCodes.validation },
  FST_PARTS_LIMIT: {
    status: 400,
    message: 'This upload has too many form fields. Send one file with its tags.',
    code: errorCodes.validation,
  },
  FST_FIELDS_LIMIT: {
    status: 400,
    message: 'This upload has too many form fields. Send one file with its tags.',
    code: errorCodes.validation,
  },
  FST_PROTO_VIOLATION: {
    status: 400,
    message: 'This form field name is not allowed.',
    code: errorCodes.validation,
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    message: 'The upload was interrupted before it finished. Check your connection and try again.',
    code: errorCodes.validation,
  },
  FST_CSRF_INVALID_TOKEN: {
    status: 403,
    message: 'Invalid CSRF token. Refresh the page and try again.',
    code: errorCodes.csrf,
  },
  FST_CSRF_MISSING_SECRET: {
    status: 403,
    message: 'Missing CSRF token. Refresh the page and try again.',
    code: errorCodes.csrf,
  },
};

/**
 * The multipart parser (busboy) throws plain errors for a body cut short or a missing boundary;
 * they are the client's malformed upload, not our failure.
 */
const malformedMultipart =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|(Part|Preamble) terminated early due to unexpected end of multipart data)$/;

/**
 * PostgreSQL "data exception" errors (SQLSTATE class 22) that only a client's value can cause:
 * a NUL character or broken Unicode in text/JSON, or a number outside the column's range.
 * Whichever route let such a value through, the caller gets a 400 that says what to change.
 */
const databaseValueErrors: Record<string, string> = {
  // invalid byte sequence (e.g. NUL in text), unsupported Unicode escape / lone surrogate in jsonb
  '22021':
    'This request contains characters that cannot be stored (such as a NUL character or broken Unicode). Remove them and try again.',
  '22P05':
    'This request contains characters that cannot be stored (such as a NUL character or broken Unicode). Remove them and try again.',
  '22P02': 'A value in this request has the wrong format. Check it and try again.',
  '22003': 'A number in this request is too large or too small to store. Use a smaller value.',
  '22001': 'A text in this request is too long to store. Shorten it and try again.',
  '22007': 'A date in this request is not valid. Check it and try again.',
  '22008': 'A date in this request is out of range. Check it and try again.',
};

/** The SQLSTATE of a database error, also when the query builder wrapped it (Drizzle keeps it as the cause). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A 429 that says when its limit resets (`resetsAt`) also says it the standard way, for scripts. */
function retryAfterSeconds(body: ErrorBody): number | undefined {
  const resetsAt = (body as Record<string, unknown>).resetsAt;
  if (typeof resetsAt !== 'string') return undefined;
  const ms = Date.parse(resetsAt) - Date.now();
  return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 1000)) : undefined;
}

function toErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, ...error.extra } };
  }
  const databaseValueError = databaseValueErrors[sqlStateOf(error) ?? ''];
  if (databaseValueError)
    return { status: 400, body: { message: databaseValueError, code: errorCodes.validation } };
  if (!error.statusCode && malformedMultipart.test(error.message)) {
    return {
      status: 400,
      body: {
        message:
          'The upload could not be read: the form data is incomplete or malformed. Send the file again.',
        code: errorCodes.validation,
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const { field, message } = describeValidationIssue(
      error.validationContext,
      issue.instancePath,
      issue.message,
      issue.params,
    );
    return { status: 400, body: { message, code: errorCodes.validation, field } };
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message, code: known.code } };
  // JSON.parse errors thrown by the content-type parser carry a 400 but no code of ours.
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return {
      status: 400,
      body: { message: 'The request body is not valid JSON.', code: errorCodes.badJson },
    };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 429) {
    return { status, body: { message: error.message, code: errorCodes.rateLimited } };
  }
  if (status < 500) return { status, body: { message: error.message } };
  // A database outage is temporary: 503, like /readyz, so clients and balancers retry instead of reporting a bug.
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: databaseUnreachableMessage, code: errorCodes.unavailable } };
  }
  return {
    status,
    body: {
      message: 'Something went wrong on our side. Please try again in a moment.',
      code: errorCodes.internal,
    },
  };
}

/** For errors Fastify raises before routing (e.g. a badly encoded URL). */
export function badUrlBody(error: FastifyError): ErrorBody {
  if (error.code === 'FST_ERR_BAD_URL') {
    return {
      message: 'This address is not valid: it contains a broken %-escape. Check the link.',
      code: errorCodes.validation,
    };
  }
  return {
    message: 'This request could not be understood. Check the address and try again.',
    code: errorCodes.validation,
  };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code ?? error.code, status }, body.message);
    const retryAfter =
      status === 429 && !reply.hasHeader('retry-after') ? retryAfterSeconds(body) : undefined;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
