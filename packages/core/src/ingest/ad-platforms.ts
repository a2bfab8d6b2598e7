/** Ad platforms and their click-id parameters with the format rules of spec §5. */
export interface ClickIdParam {
  name: string;
  description: string;
  required: boolean;
  /** null where the spec states no format. */
  pattern: RegExp | null;
  example: string;
}

export interface AdPlatform {
  id: string;
  name: string;
  trackingParams: ClickIdParam[];
}

export const adPlatforms: AdPlatform[] = [
  {
    id: 'google',
    name: 'Google',
    trackingParams: [
      {
        name: 'gclid',
        description: 'Google Click ID',
        required: true,
        pattern: /^[A-Za-z0-9_-]+$/,
        example: 'EAIaIQobChMI4_2',
      },
      {
        name: 'gbraid',
        description: 'Google app-to-web click ID',
        required: false,
        pattern: /^GB\d+\.\d+$/,
        example: 'GB1234.5678',
      },
      {
        name: 'wbraid',
        description: 'Google web-to-app click ID',
        required: false,
        pattern: /^wbr[A-Za-z0-9]+$/,
        example: 'wbrAbC123',
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
        pattern: null,
        example: 'IwAR2xYz',
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
        pattern: /^[A-Za-z0-9]+$/,
        example: 'E2abc123',
      },
    ],
  },
  {
    id: 'pinterest',
    name: 'Pinterest',
    trackingParams: [
      { name: 'epik', description: 'Pinterest Click ID', required: true, pattern: null, example: 'dj0yJnU9' },
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
        pattern: /^[A-Za-z0-9]+$/,
        example: 'a1b2c3d4',
      },
    ],
  },
];

const byParam = new Map(adPlatforms.flatMap((p) => p.trackingParams.map((t) => [t.name, t] as const)));

/** The click-id parameters in the order they are looked for in a landing URL. */
export const CLICK_ID_PARAMS = [...byParam.keys()];

export type ClickIdCheck = { type: string; id: string } | { type: string; invalid: true } | null;

/** The first click id in the query, checked against its platform's format. */
export function findClickId(get: (name: string) => string | null): ClickIdCheck {
  for (const [name, param] of byParam) {
    const value = get(name);
    if (value === null || value === '') continue;
    if (value.length > 512 || (param.pattern && !param.pattern.test(value)))
      return { type: name, invalid: true };
    return { type: name, id: value };
  }
  return null;
}
