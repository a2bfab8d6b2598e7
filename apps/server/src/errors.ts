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
