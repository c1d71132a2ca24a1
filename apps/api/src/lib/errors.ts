// Domain errors: services throw these and the one error handler turns them into HTTP answers.
export interface ErrorExtras {
  detail?: string;
  msg?: string;
  /** Field errors in the spec's form: { phone: ['…'] }. */
  error?: Record<string, string[]>;
  [key: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, extras?: ErrorExtras) {
    super(400, message, extras);
  }
}

/** A 400 whose message is the first field error, with all of them under `error`. */
export class FieldError extends AppError {
  constructor(field: string, message: string, extras?: ErrorExtras) {
    super(400, message, { error: { [field]: [message] }, ...extras });
  }
}

export class UnauthorizedError extends AppError {
  constructor(
    message = 'Authentication credentials were not provided or are invalid.',
    extras?: ErrorExtras,
  ) {
    super(401, message, extras);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', extras?: ErrorExtras) {
    super(404, message, { detail: message, ...extras });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, extras?: ErrorExtras) {
    super(409, message, extras);
  }
}

/** Well-formed but unusable: an Idempotency-Key reused with another body. */
export class UnprocessableError extends AppError {
  constructor(message: string, extras?: ErrorExtras) {
    super(422, message, extras);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
