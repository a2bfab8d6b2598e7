/**
 * A failed API call: the server's `{ error }` (or better-auth's `{ message }`) when it sent one,
 * the input `field` it concerns when the server named one, and every invalid input's message
 * (`fields`) when it named several.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    readonly field: string | null = null,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    const serverMessage = readMessage(data);
    throw new ApiError(
      response.status,
      serverMessage ?? `API request failed with status ${response.status}: ${text}`,
      serverMessage,
      readField(data),
      readFields(data),
    );
  }
  return data as T;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readMessage(data: unknown): string | null {
  if (data && typeof data === 'object') {
    const { error, message } = data as { error?: unknown; message?: unknown };
    if (typeof error === 'string') return error;
    if (typeof message === 'string') return message;
  }
  return null;
}

function readField(data: unknown): string | null {
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field ? field : null;
}

function readFields(data: unknown): Record<string, string> {
  const fields = data && typeof data === 'object' ? (data as { fields?: unknown }).fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The server answered (with an error); otherwise the request never arrived (offline, dropped). */
export const serverAnswered = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's own refusal (400 or 409, with the spec's message) or, for anything else, the fallback. */
export const refusalOr = (error: unknown, fallback: string): string =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.message : fallback;

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
