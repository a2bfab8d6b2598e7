import { describe, expect, it } from 'vitest';
import { curlExample, deliveryResult, insertAtCursor, recomputePercent } from './integrations-format';
import { draftErrors, draftFrom, draftToInput } from './website-draft';

describe('postback URL macros', () => {
  it('inserts a macro at the cursor and puts the cursor after it', () => {
    expect(insertAtCursor('https://a.test/pb?c=&v=1', '{click_id}', 20, 20)).toEqual({
      value: 'https://a.test/pb?c={click_id}&v=1',
      cursor: 30,
    });
  });

  it('replaces a selection, and appends when the field never had a cursor', () => {
    expect(insertAtCursor('x=OLD&y', '{goal}', 2, 5)).toEqual({ value: 'x={goal}&y', cursor: 8 });
    expect(insertAtCursor('v=', '{value}', null, null)).toEqual({ value: 'v={value}', cursor: 9 });
    expect(insertAtCursor('ab', '{ocxid}', 10, 12)).toEqual({ value: 'ab{ocxid}', cursor: 9 });
  });
});

describe('postback URL in the configuration draft', () => {
  const site = () => ({ ...draftFrom(null), rootDomain: 'shop.com' });

  it('saves an empty postback URL as none and trims a set one', () => {
    expect(draftToInput({ ...site(), postbackUrl: '  ' }).postbackUrl).toBeNull();
    expect(draftToInput({ ...site(), postbackUrl: ' https://ads.test/pb?c={click_id} ' }).postbackUrl).toBe(
      'https://ads.test/pb?c={click_id}',
    );
  });

  it('refuses a postback URL that is not http or https, with the server message', () => {
    const errors = (postbackUrl: string) => draftErrors({ ...site(), postbackUrl }, 'example.com');
    expect(errors('ftp://ads.test/pb')).toEqual({
      postbackUrl: 'Please enter a valid postback URL (http or https)',
    });
    expect(errors('https://ads.test/pb?v={value}')).toEqual({});
    expect(errors('')).toEqual({});
  });
});

describe('integration texts', () => {
  it('shows a curl call of POST /api/v1/conversions with the key as bearer token', () => {
    const text = curlExample('https://ocx.example.com', 'ocx_secret');
    expect(text).toContain('curl -X POST https://ocx.example.com/api/v1/conversions');
    expect(text).toContain('-H "Authorization: Bearer ocx_secret"');
    const body = /-d '([\s\S]*)'$/.exec(text)?.[1] ?? '';
    expect(JSON.parse(body)).toMatchObject({ goal: 'Purchase', value: 49.9, currency: 'USD' });
  });

  it('reports a delivery by its HTTP status, else its error, else that it was not tried', () => {
    expect(deliveryResult({ lastStatus: 200, lastError: null })).toEqual({ text: 'HTTP 200', ok: true });
    expect(deliveryResult({ lastStatus: 503, lastError: 'HTTP 503' })).toEqual({
      text: 'HTTP 503',
      ok: false,
    });
    expect(deliveryResult({ lastStatus: null, lastError: 'fetch failed' })).toEqual({
      text: 'fetch failed',
      ok: false,
    });
    expect(deliveryResult({ lastStatus: null, lastError: null })).toEqual({
      text: 'Not tried yet',
      ok: null,
    });
  });

  it('counts recompute progress in whole percent, nothing to do being complete', () => {
    expect(recomputePercent({ done: 1, total: 3 })).toBe(33);
    expect(recomputePercent({ done: 3, total: 3 })).toBe(100);
    expect(recomputePercent({ done: 0, total: 0 })).toBe(100);
  });
});
