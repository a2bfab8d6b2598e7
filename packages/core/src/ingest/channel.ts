/** DESIGN §7 traffic channels, first matching rule wins. */
export const channels = ['paid', 'email', 'social', 'organic', 'referral', 'direct'] as const;
export type Channel = (typeof channels)[number];

const PAID_MEDIUMS = new Set(['cpc', 'ppc', 'paid', 'paidsearch', 'paid_social', 'display', 'cpm', 'banner']);
const EMAIL_TAGS = new Set(['email', 'e-mail', 'newsletter']);
const WEBMAIL = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.aol.com',
  'mail.proton.me',
  'mail.zoho.com',
  'webmail',
  'mail.yandex.ru',
  'e.mail.ru',
  'mail.ru',
  'gmx.net',
  'web.de',
];
const SOCIAL = [
  'facebook',
  'fb',
  'instagram',
  'twitter',
  'x',
  't.co',
  'linkedin',
  'lnkd.in',
  'pinterest',
  'tiktok',
  'reddit',
  'youtube',
  'youtu.be',
  'snapchat',
  'tumblr',
  'threads',
  'bsky',
  'mastodon',
  'whatsapp',
  'telegram',
  'vk',
  'weibo',
  'quora',
  'discord',
];
const SEARCH = [
  'google',
  'bing',
  'yahoo',
  'duckduckgo',
  'baidu',
  'yandex',
  'ecosia',
  'startpage',
  'qwant',
  'naver',
  'seznam',
  'brave',
  'search.aol',
  'ask',
];

/** 'l.facebook.com' → ['l', 'facebook', 'com']: matches a known name as a whole label or label run. */
function hostMatches(host: string, names: string[]): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  return names.some((name) => {
    if (name.includes('.'))
      return h === name || h.endsWith(`.${name}`) || h.startsWith(`${name}.`) || h.includes(`.${name}.`);
    return h.split('.').includes(name);
  });
}

function sourceMatches(source: string | null, names: string[]): boolean {
  if (!source) return false;
  const s = source.toLowerCase();
  return names.includes(s) || hostMatches(s, names);
}

export interface ChannelInput {
  utmSource: string | null;
  utmMedium: string | null;
  /** The referrer's host when it is outside the website's own domains, else null. */
  referrerDomain: string | null;
  hasClickId: boolean;
}

export function classifyChannel({ utmSource, utmMedium, referrerDomain, hasClickId }: ChannelInput): Channel {
  const medium = utmMedium?.toLowerCase() ?? null;
  const source = utmSource?.toLowerCase() ?? null;
  if (hasClickId || (medium && PAID_MEDIUMS.has(medium))) return 'paid';
  if ((medium && EMAIL_TAGS.has(medium)) || (source && EMAIL_TAGS.has(source))) return 'email';
  if (referrerDomain && hostMatches(referrerDomain, WEBMAIL)) return 'email';
  if (sourceMatches(source, SOCIAL) || (referrerDomain && hostMatches(referrerDomain, SOCIAL)))
    return 'social';
  if (referrerDomain && hostMatches(referrerDomain, SEARCH)) return 'organic';
  if (referrerDomain) return 'referral';
  return 'direct';
}
