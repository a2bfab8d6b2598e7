import { describe, expect, it } from 'vitest';
import { adPlatforms, CLICK_ID_PARAMS, hasClickId, MAX_CLICK_ID_LENGTH, scanClickIds } from './ad-platforms';

const query = (search: string) => {
  const params = new URLSearchParams(search);
  return (name: string) => params.get(name);
};

/** Made-up values in the shapes the platforms send today (prefix, alphabet, length). */
const real: [string, string][] = [
  ['gclid', 'Cj0KCQiA1MULwJodFX1GOZrhrztAQpiN0k8s0Rc3VgTg9VaZEoBFUhIiJyqGNSOvQmIQbgSc7I8gzNHj_crZ_Yxz_wcB'],
  ['gclid', 'CjwKCAiAGtoBgNOOgu1lNGZ9jkECHuLg_Y_C04j6BD9OyUd2gQvDOVwBM3T5lnbyw575r85bLHxb7RQBgImbdo8MBwE'],
  ['gclid', 'EAIaIQobChMIAmd6CdZp2hhyHITS1ZaRkeKPPpQqF-K4pGFj1Nz9BwE'],
  ['gbraid', '0AAAAAUqBtLk34XtsvO-K0iEvtE2P4qKF-'],
  ['gbraid', '0AAAAAGyVapQ-j3lWFvjLjKR7PttINXPs3'],
  ['wbraid', 'CkMKCQjwnGEBBV3WIkNZAObehT_Z2HM5u1ByAUzDWj6zTq94lqE3YDZW_QEPXBw-b8m09mx-dH8qzuGsepL4glLH'],
  ['wbraid', 'CkAKCAjwNWHedKjhJLS9BnfVV95Q-UCboStWokfYo7sz4gIcnmr8CNMMQc3lXa7nPP6h_l7MptjPetzL1knWh_00'],
  ['fbclid', 'IwARHEZqCQDO8OBmA7A43U3gzpFaHgHU2XfbdPPwTOEI45oqdr6t4aawWWZmJy'],
  ['fbclid', 'IwZXh0bgNhZW0CMTEAARzsc7Pt8C2UH58lwnF-FNnHGP5HYb5IuBBneTofyT_aem_PDAwub_e601Q7hdlivKWet'],
  ['fbclid', 'IwAR0abc'],
  [
    'ttclid',
    `E.C.P.CsKxQuRO_D6L1Bv2N7NhQrPeaMmkUoBlVu-8Or48BC1dEyj0F8JLwR5sPHJi8H5Xbu0Rb${'Bh9KpUHUMDeFd-j2'.repeat(20)}`,
  ],
  ['ttclid', 'E2abc123'],
  [
    'epik',
    'dj0yJnU9K7I0daq8OZxaSLUoJ0iRCc71uZfNXMxcmtGZ6qJUnGaxBgqX9V4QU6KrO7JGIyILnNjtdKS6kD3NP3th5kfdmmYoxH6s',
  ],
  ['epik', 'dj0yJnU9='],
  ['msclkid', '53afc0de60308a656c386684b4922f9d'],
  ['msclkid', 'Example-123'],
];

describe('click ids', () => {
  it('lists Google, Facebook, TikTok, Pinterest and Bing, and looks for their parameters in that order', () => {
    expect(adPlatforms.map((p) => p.name)).toEqual(['Google', 'Facebook', 'TikTok', 'Pinterest', 'Bing']);
    expect(CLICK_ID_PARAMS).toEqual(['gclid', 'gbraid', 'wbraid', 'fbclid', 'ttclid', 'epik', 'msclkid']);
  });

  it.each(real)('accepts a %s in its current format (%s)', (type, id) => {
    expect(scanClickIds(query(`${type}=${encodeURIComponent(id)}`))).toEqual({
      valid: { type, id },
      invalid: [],
    });
  });

  it('shows every catalogue example passing its own check', () => {
    for (const param of adPlatforms.flatMap((p) => p.trackingParams))
      expect(scanClickIds(query(`${param.name}=${param.example}`)).valid, param.name).toEqual({
        type: param.name,
        id: param.example,
      });
  });

  const garbage: [string, string][] = [
    ['gclid', 'has space'],
    ['gclid', 'bad.value'],
    ['gclid', 'x"onmouseover="y'],
    ['gclid', "it's"],
    ['gbraid', '<script>alert(1)</script>'],
    ['wbraid', 'line\nbreak'],
    ['fbclid', 'tab\there'],
    ['fbclid', 'nul\u0000byte'],
    ['fbclid', 'IwAR"quoted"'],
    ['ttclid', 'E.C.P.<b>'],
    ['ttclid', 'E.C.P. spaced'],
    ['epik', 'dj0y JnU9'],
    ['msclkid', 'a_b'],
    ['msclkid', '1bcd5ed6.e329'],
    ['gclid', 'Cj0KCQié'],
    ['gclid', 'A'.repeat(MAX_CLICK_ID_LENGTH + 1)],
    ['ttclid', `E.C.P.${'A'.repeat(MAX_CLICK_ID_LENGTH)}`],
  ];
  it.each(garbage)('refuses a %s of %j', (type, id) => {
    const scan = scanClickIds(query(`${type}=${encodeURIComponent(id)}`));
    expect(scan).toEqual({ valid: null, invalid: [type] });
    expect(hasClickId(scan)).toBe(true);
  });

  it('accepts a value of exactly the maximum length', () => {
    const id = 'A'.repeat(MAX_CLICK_ID_LENGTH);
    expect(scanClickIds(query(`gclid=${id}`)).valid).toEqual({ type: 'gclid', id });
  });

  it('keeps the first click id that passes its check: a malformed one never hides a valid one', () => {
    expect(scanClickIds(query('gclid=bad.value&fbclid=IwAR0abc'))).toEqual({
      valid: { type: 'fbclid', id: 'IwAR0abc' },
      invalid: ['gclid'],
    });
    expect(
      scanClickIds(query('msclkid=53afc0de60308a656c386684b4922f9d&gclid=EAIaIQobChMI&fbclid=IwAR0')).valid,
    ).toEqual({ type: 'gclid', id: 'EAIaIQobChMI' });
    expect(scanClickIds(query('ttclid=E.C.P.Cs%20x&wbraid=%3Cx%3E&msclkid=53afc0de'))).toEqual({
      valid: { type: 'msclkid', id: '53afc0de' },
      invalid: ['wbraid', 'ttclid'],
    });
  });

  it('finds no click id without one, and treats an empty value as absent', () => {
    const scan = scanClickIds(query('utm_source=x&gclid=&fbclid'));
    expect(scan).toEqual({ valid: null, invalid: [] });
    expect(hasClickId(scan)).toBe(false);
  });
});
