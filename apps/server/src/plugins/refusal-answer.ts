import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * An error answer. `field` names the input the refusal concerns (the contract's name, dotted when
 * nested); `fields` holds each invalid input's first message when the body has several, so a form
 * can mark them all at once.
 */
export interface ErrorAnswer {
  error: string;
  field?: string;
  fields?: Record<string, string>;
}

/** `/utmParams/source` → `utmParams.source`; the body itself (`/`) is no field. */
const fieldAt = (instancePath: string): string | null =>
  instancePath.split('/').filter(Boolean).join('.') || null;

/**
 * The answer to a request the contract refused: its first issue's message as before. Only a body's
 * issues name fields: a form's inputs are its body, a path or query is not what the user typed.
 */
export function schemaRefusal(issues: FastifySchemaValidationError[], part: string | undefined): ErrorAnswer {
  const error = issues[0]?.message ?? 'Invalid request';
  if (part !== 'body') return { error };
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldAt(issue.instancePath);
    if (field && !(field in fields)) fields[field] = issue.message ?? error;
  }
  const field = issues[0] ? fieldAt(issues[0].instancePath) : null;
  return {
    error,
    ...(field ? { field } : {}),
    ...(Object.keys(fields).length > 1 ? { fields } : {}),
  };
}

/** A service's refusal, with the input it names when it names one (errors.ts). */
export function serviceRefusal(error: Error & { field?: unknown }): ErrorAnswer {
  return typeof error.field === 'string' && error.field
    ? { error: error.message, field: error.field }
    : { error: error.message };
}
