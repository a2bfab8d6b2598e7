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
 * A refusal at the field the server named, in its words, when the form has that field (`fields`
 * maps the server's names to the form's); anything else shows `message` under the form.
 */
export function showServerError<Values>(
  form: Form<Values>,
  error: unknown,
  message: string,
  fields: Record<string, string> = {},
) {
  const named = error instanceof ApiError ? error.field : null;
  const field = named ? (fields[named] ?? named) : null;
  if (error instanceof ApiError && field && hasPath(form.getValues(), field))
    form.setFieldError(field, error.message);
  else form.setFieldError(FORM_ERROR, message);
}

/** The form's own error (not a field's), or null. */
export const formError = <Values>(form: Form<Values>): ReactNode => form.errors[FORM_ERROR] ?? null;
