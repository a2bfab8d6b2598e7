import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { FORM_ERROR, formError, showServerError } from './server-error';

/** What showServerError uses of a @mantine/form form: its values and its errors. */
function fakeForm<Values>(values: Values) {
  const errors: Record<string, ReactNode> = {};
  return {
    errors,
    getValues: () => values,
    setFieldError: (path: string, error: ReactNode) => {
      errors[path] = error;
    },
  };
}

const campaign = { name: '', landingPage: '', utmParams: { source: '' } };
const refused = (field: string | null, fields: Record<string, string> = {}, message = 'Refused') =>
  new ApiError(400, message, message, field, fields);

describe('showServerError', () => {
  it('sets the one field the server named to its message', () => {
    const form = fakeForm(campaign);
    showServerError(form, refused('utmParams.source', {}, 'Too long'), 'Could not save');
    expect(form.errors).toEqual({ 'utmParams.source': 'Too long' });
  });

  it('marks every field of `fields` at once, each with its own message', () => {
    const form = fakeForm(campaign);
    const error = refused('name', { name: 'Please fill in all required fields', landingPage: 'Enter a URL' });
    showServerError(form, error, 'Could not save');
    expect(form.errors).toEqual({ name: 'Please fill in all required fields', landingPage: 'Enter a URL' });
    expect(formError(form)).toBeNull();
  });

  it('maps the server names to the form’s, and says above the buttons what has no field here', () => {
    const form = fakeForm({ title: '', url: '' });
    const error = refused('name', { name: 'Required', trackingParams: 'At most 30 custom parameters' });
    showServerError(form, error, 'Could not save', { name: 'title' });
    expect(form.errors).toEqual({ title: 'Required', [FORM_ERROR]: 'At most 30 custom parameters' });
  });

  it('shows the given message under the form when no named field is the form’s, or none is named', () => {
    const none = fakeForm(campaign);
    showServerError(none, refused('ocxid', { ocxid: 'Taken', other: 'Bad' }), 'Could not save');
    expect(none.errors).toEqual({ [FORM_ERROR]: 'Could not save' });
    const unnamed = fakeForm(campaign);
    showServerError(unnamed, refused(null), 'Could not save');
    expect(unnamed.errors).toEqual({ [FORM_ERROR]: 'Could not save' });
    const offline = fakeForm(campaign);
    showServerError(offline, new TypeError('Failed to fetch'), 'Check your connection');
    expect(formError(offline)).toBe('Check your connection');
  });
});
