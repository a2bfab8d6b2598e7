/** Typed failures services throw; the error handler maps them to HTTP with `{ error: message }`. */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(message = 'Not found') {
    super(message);
  }
}

export class ValidationError extends Error {
  readonly statusCode = 400;
}

export class UnauthorizedError extends Error {
  readonly statusCode = 401;
}

export class ForbiddenError extends Error {
  readonly statusCode = 403;
}

export class ConflictError extends Error {
  readonly statusCode = 409;
}

export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
}

/** A service OCX depends on (Stripe) failed or answered something unusable. */
export class BadGatewayError extends Error {
  readonly statusCode = 502;
}
