/** Ad platforms and their click-id parameters, with a format check per parameter. */
export interface ClickIdParam {
  name: string;
  description: string;
  required: boolean;
  pattern: RegExp;
  example: string;
}

export interface AdPlatform {
  id: string;
  name: string;
  trackingParams: ClickIdParam[];
}

/** Longer values are refused whatever the platform: the longest real ones (ttclid) stay under 450. */
export const MAX_CLICK_ID_LENGTH = 512;

/*
 * The checks accept the formats the platforms send today and refuse everything else (spaces,
 * quotes, angle brackets, control characters). The spec's older rules (gbraid "GB" + digits,
 * wbraid "wbr" + alphanumerics, ttclid alphanumerics only) refuse every real value. Sources:
 * - gclid / gbraid / wbraid: Google calls them case-sensitive and states no format (Search Ads 360
 *   help "About click IDs", support.google.com/searchads/answer/7342044). Real ones, in Google Ads
 *   landing URLs quoted in public code on GitHub, are URL-safe base64 (A–Z a–z 0–9 _ -): gclid
 *   Cj0KCQiA…_wcB, CjwKCAiA…BwE or EAIaIQobChMI…; gbraid 0AAAAA…; wbraid CkMKCQjw… or CkAKCAjw….
 * - fbclid: Meta for Developers, "ClickID and the fbp and fbc Parameters"
 *   (developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc), example
 *   IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk; newer ones IwZXh0bgNhZW0…_aem_….
 *   Meta states no format, so '.' and '~' (URL-unreserved) pass too.
 * - ttclid: TikTok Ads help "About TikTok Click ID" (ads.tiktok.com/help/article/tiktok-click-id)
 *   states no format; real ones are E.C.P.<URL-safe base64> of ~400 characters, older ones
 *   alphanumeric.
 * - msclkid: 32 hexadecimal digits in real landing URLs; Microsoft Advertising help "How do I see
 *   if Microsoft Advertising auto-tagging works?" (help.ads.microsoft.com/apex/index/3/en/60125)
 *   tests with msclkid=Example-123, so letters, digits and '-' pass.
 * - epik: URL-safe base64 (dj0yJnU9…) as Pinterest's tag keeps it in the _derived_epik cookie,
 *   '=' padding allowed; Pinterest states no format.
 */
const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]+$/;

export const adPlatforms: AdPlatform[] = [
  {
    id: 'google',
    name: 'Google',
    trackingParams: [
      {
        name: 'gclid',
        description: 'Google Click ID',
        required: true,
        pattern: URL_SAFE_BASE64,
        example: 'Cj0KCQiA1MULwJodFX1GOZrh_wcB',
      },
      {
        name: 'gbraid',
        description: 'Google app-to-web click ID',
        required: false,
        pattern: URL_SAFE_BASE64,
        example: '0AAAAAUqBtLk34XtsvO-K0iEvtE',
      },
      {
        name: 'wbraid',
        description: 'Google web-to-app click ID',
        required: false,
        pattern: URL_SAFE_BASE64,
        example: 'CkMKCQjwnGEBBV3WIkNZAObehT_Z',
      },
    ],
  },
  {
    id: 'facebook',
    name: 'Facebook',
    trackingParams: [
      {
        name: 'fbclid',
        description: 'Facebook Click ID',
        required: true,
        pattern: /^[A-Za-z0-9._~-]+$/,
        example: 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PY',
      },
    ],
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    trackingParams: [
      {
        name: 'ttclid',
        description: 'TikTok Click ID',
        required: true,
        pattern: /^[A-Za-z0-9._-]+$/,
        example: 'E.C.P.CsKxQuRO_D6L1Bv2N7NhQrPea',
      },
    ],
  },
  {
    id: 'pinterest',
    name: 'Pinterest',
    trackingParams: [
      {
        name: 'epik',
        description: 'Pinterest Click ID',
        required: true,
        pattern: /^[A-Za-z0-9_=-]+$/,
        example: 'dj0yJnU9K7I0daq8OZxaSLUoJ0iR',
      },
    ],
  },
  {
    id: 'bing',
    name: 'Bing',
    trackingParams: [
      {
        name: 'msclkid',
        description: 'Microsoft Click ID',
        required: true,
        pattern: /^[A-Za-z0-9-]+$/,
        example: '53afc0de60308a656c386684b4922f9d',
      },
    ],
  },
];

const byParam = new Map(adPlatforms.flatMap((p) => p.trackingParams.map((t) => [t.name, t] as const)));

/** The click-id parameters in the order they are looked for in a landing URL. */
export const CLICK_ID_PARAMS = [...byParam.keys()];

export function isValidClickId(param: ClickIdParam, value: string): boolean {
  return value.length <= MAX_CLICK_ID_LENGTH && param.pattern.test(value);
}

export interface ClickIdScan {
  /** The first click id, in catalogue order, that passes its format check. */
  valid: { type: string; id: string } | null;
  /** The click-id parameters present with a value that fails its check. */
  invalid: string[];
}

/**
 * Every click-id parameter of a landing URL's query (empty values are absent): one malformed id
 * never hides a valid one, and still shows the entrance came from an ad (docs/definitions.md#click-ids).
 */
export function scanClickIds(get: (name: string) => string | null): ClickIdScan {
  const scan: ClickIdScan = { valid: null, invalid: [] };
  for (const [name, param] of byParam) {
    const value = get(name);
    if (value === null || value === '') continue;
    if (!isValidClickId(param, value)) scan.invalid.push(name);
    else scan.valid ??= { type: name, id: value };
  }
  return scan;
}

/** Whether an entrance carries any click-id parameter, valid or not. */
export const hasClickId = (scan: ClickIdScan) => scan.valid !== null || scan.invalid.length > 0;
