/**
 * Typed failures services throw; the error handler maps them to HTTP with `{ error: message }`, and
 * `field` beside it when a refusal concerns one input (named as the contract names it, dotted when
 * nested: `name`, `conditions.selector`) so a form can say it at that field.
 */
export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(message = 'Not found') {
    super(message);
  }
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class UnauthorizedError extends Error {
  readonly statusCode = 401;
}

export class ForbiddenError extends Error {
  readonly statusCode = 403;
}

export class ConflictError extends Error {
  readonly statusCode = 409;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
}

/** A service OCX depends on (Stripe) failed or answered something unusable. */
export class BadGatewayError extends Error {
  readonly statusCode = 502;
}
