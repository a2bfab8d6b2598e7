import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { schemaRefusal, serviceRefusal } from './refusal-answer';

const issue = (instancePath: string, message: string) => ({
  keyword: 'custom',
  instancePath,
  schemaPath: `#${instancePath}`,
  params: {},
  message,
});

describe('error answers', () => {
  it('names a body input dotted as the contract nests it, and several by their first message', () => {
    expect(schemaRefusal([issue('/utmParams/source', 'Too long')], 'body')).toEqual({
      error: 'Too long',
      field: 'utmParams.source',
    });
    expect(
      schemaRefusal(
        [issue('/name', 'Required'), issue('/name', 'Too short'), issue('/path', 'Bad path')],
        'body',
      ),
    ).toEqual({ error: 'Required', field: 'name', fields: { name: 'Required', path: 'Bad path' } });
  });

  it('names no field for the body as a whole, a path or a query', () => {
    expect(schemaRefusal([issue('/', 'Expected an object')], 'body')).toEqual({
      error: 'Expected an object',
    });
    expect(schemaRefusal([issue('/id', 'Too long')], 'params')).toEqual({ error: 'Too long' });
    expect(
      schemaRefusal([issue('/limit', 'At most 1000'), issue('/page', 'A number')], 'querystring'),
    ).toEqual({
      error: 'At most 1000',
    });
  });

  it("carries a service's field only when it named one", () => {
    expect(serviceRefusal(new ValidationError('Taken', 'name'))).toEqual({ error: 'Taken', field: 'name' });
    expect(serviceRefusal(new Error('Nope'))).toEqual({ error: 'Nope' });
  });
});
