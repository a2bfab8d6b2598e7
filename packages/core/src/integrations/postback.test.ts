import { describe, expect, it } from 'vitest';
import { expandPostbackUrl, postbackRetryDelay } from './postback';

describe('postback URL', () => {
  it('fills every macro, URL-encoded, and leaves unknown ones', () => {
    expect(
      expandPostbackUrl(
        'https://ads.example.com/pb?o={ocxid}&c={click_id}&g={gclid}&goal={goal}&v={value}&cur={currency}&id={conversion_id}&x={other}',
        {
          ocxid: 'abc',
          clickId: 'Cj0 K&x',
          gclid: 'Cj0 K&x',
          goal: 'Purchase & more',
          value: 49.9,
          currency: 'EUR',
          conversionId: 'conv-1',
        },
      ),
    ).toBe(
      'https://ads.example.com/pb?o=abc&c=Cj0%20K%26x&g=Cj0%20K%26x&goal=Purchase%20%26%20more&v=49.9&cur=EUR&id=conv-1&x={other}',
    );
  });

  it('writes empty values for what the conversion lacks and 0 for no value', () => {
    expect(
      expandPostbackUrl('https://x.test/?o={ocxid}&g={gclid}&v={value}', {
        ocxid: null,
        clickId: null,
        gclid: null,
        goal: 'Lead',
        value: null,
        currency: 'USD',
        conversionId: 'c',
      }),
    ).toBe('https://x.test/?o=&g=&v=0');
  });

  it('backs off exponentially from the base: 1×, 2×, 4×, capped at a day', () => {
    expect([1, 2, 3, 4].map((n) => postbackRetryDelay(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(postbackRetryDelay(40, 60_000)).toBe(86_400_000);
  });
});
