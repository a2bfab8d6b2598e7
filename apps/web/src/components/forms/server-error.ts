import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';

/** Where a form keeps the error that belongs to no field: shown above its buttons (FormActions). */
export const FORM_ERROR = 'form';

type Form<Values> = Pick<UseFormReturnType<Values>, 'getValues' | 'setFieldError' | 'errors'>;

function hasPath(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * A refusal at the fields the server named, each in its words, where the form has that field
 * (`fields` maps the server's names to the form's). When the server named none the form has,
 * `message` shows under the form; when it named several and only some are the form's, the first
 * other one's own message does, so no refusal goes unsaid.
 */
export function showServerError<Values>(
  form: Form<Values>,
  error: unknown,
  message: string,
  fields: Record<string, string> = {},
) {
  const named = error instanceof ApiError ? namedFields(error) : [];
  const values = form.getValues();
  let placed = false;
  let elsewhere: string | null = null;
  for (const [name, text] of named) {
    const field = fields[name] ?? name;
    if (hasPath(values, field)) {
      form.setFieldError(field, text);
      placed = true;
    } else elsewhere ??= text;
  }
  if (!placed) form.setFieldError(FORM_ERROR, message);
  else if (elsewhere) form.setFieldError(FORM_ERROR, elsewhere);
}

/** Every invalid input with its message (`fields`), else the one `field` with the error's. */
function namedFields(error: ApiError): [string, string][] {
  const several = Object.entries(error.fields);
  if (several.length > 0) return several;
  return error.field ? [[error.field, error.message]] : [];
}

/** The form's own error (not a field's), or null. */
export const formError = <Values>(form: Form<Values>): ReactNode => form.errors[FORM_ERROR] ?? null;
