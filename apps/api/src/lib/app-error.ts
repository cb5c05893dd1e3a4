import { errorCodes, type ErrorCode } from '@app/shared/errors';

/** The one error type services throw; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode | (string & {}),
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: string = errorCodes.validation) {
    return new AppError(400, message, code);
  }
  static unauthorized(message = 'Access token required', code: string = errorCodes.unauthorized) {
    return new AppError(401, message, code);
  }
  static forbidden(message = 'Insufficient permissions', code: string = errorCodes.forbidden) {
    return new AppError(403, message, code);
  }
  static notFound(message = 'Not found', code: string = errorCodes.notFound) {
    return new AppError(404, message, code);
  }
  static conflict(message: string, code: string = errorCodes.conflict) {
    return new AppError(409, message, code);
  }
}
