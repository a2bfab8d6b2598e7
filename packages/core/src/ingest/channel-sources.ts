/**
 * The patterns and the known sites and apps behind the channel rules (docs/definitions.md#the-rule-order).
 *
 * Sources (the lists keep the sites and apps that send real traffic, not every entry):
 * - GA4 "[GA4] Default channel group", https://support.google.com/analytics/answer/9756891:
 *   Paid Other medium `^(.*cp.*|ppc|retargeting|paid.*)$`, Display medium display / banner /
 *   interstitial / cpm, Organic Social medium social / social-network / social-media / sm /
 *   "social network" / "social media", Email source or medium email / e-mail / e_mail / "e mail",
 *   Organic Search medium organic. docs/definitions.md#the-rule-order adds newsletter to the email tags.
 * - GA4's source categories (SOURCE_CATEGORY_SEARCH / SOURCE_CATEGORY_SOCIAL), the list Google
 *   links from that page, as mirrored in github.com/Velir/dbt-ga4 seeds/ga4_source_categories.csv.
 *   Where it differs, docs/definitions.md#the-rule-order wins: webmail hosts (GA4 files mail.google.com under search) are
 *   email, and YouTube counts as social because OCX has no video channel.
 * - Android package names as each app's Google Play address shows them
 *   (play.google.com/store/apps/details?id=<package>).
 */

/** GA4's paid mediums: cost-per-anything, ppc, retargeting, paid…, and the display ones. */
export const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*|display|banner|cpm|interstitial)$/i;
/** GA4's email tags plus newsletter, compared whole (utm_source or utm_medium). */
export const EMAIL_TAG = /^(email|e-mail|e_mail|e mail|newsletter)$/i;
/** A campaign's own name for its medium, source or network that says email (contained anywhere). */
export const SAYS_EMAIL = /e-?mail|e_mail|newsletter/i;
export const SOCIAL_MEDIUM = /^(social|social-network|social-media|sm|social network|social media)$/i;
export const ORGANIC_MEDIUM = /^organic$/i;

/**
 * Known web sites. A brand matches its name followed by a public suffix (every label after it
 * 1–3 letters: google.com, www.google.co.uk, news.google.de), so googleblog.example.org is no
 * match; a domain matches itself and its subdomains (t.co, l.t.co); a first label matches any
 * host that starts with it (webmail.example.net).
 */
export interface KnownSites {
  brands: readonly string[];
  domains: readonly string[];
  firstLabels?: readonly string[];
}

export const SEARCH_SITES: KnownSites = {
  brands: [
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
    'sogou',
    'daum',
    'ask',
    'aol',
    'msn',
    'kagi',
  ],
  domains: ['search.brave.com', 'so.com', '360.cn', 'ya.ru', 'go.mail.ru'],
};

export const SOCIAL_SITES: KnownSites = {
  brands: [
    'facebook',
    'instagram',
    'twitter',
    'linkedin',
    'pinterest',
    'tiktok',
    'reddit',
    'youtube',
    'snapchat',
    'tumblr',
    'threads',
    'bsky',
    'whatsapp',
    'telegram',
    'messenger',
    'discord',
    'quora',
    'weibo',
    'vk',
    'xing',
    'medium',
    'flickr',
    'wechat',
  ],
  domains: [
    't.co',
    'x.com',
    'fb.me',
    'fb.com',
    'lnkd.in',
    'pin.it',
    'youtu.be',
    'wa.me',
    't.me',
    'line.me',
    'mastodon.social',
  ],
};
/** Short names people put in utm_source for a social network (GA4 lists fb and ig). */
export const SOCIAL_SOURCE_ALIASES: readonly string[] = ['fb', 'ig', 'x'];

/** Webmail: a link clicked in a mail read in the browser, also on a provider's own webmail host. */
export const WEBMAIL_SITES: KnownSites = {
  brands: [],
  firstLabels: ['webmail'],
  domains: [
    'mail.google.com',
    'outlook.live.com',
    'outlook.office.com',
    'outlook.office365.com',
    'mail.yahoo.com',
    'mail.yahoo.co.jp',
    'mail.aol.com',
    'mail.proton.me',
    'mail.protonmail.com',
    'mail.zoho.com',
    'mail.zoho.eu',
    'app.fastmail.com',
    'app.tuta.com',
    'mail.tutanota.com',
    'app.hey.com',
    'mail.yandex.ru',
    'mail.yandex.com',
    'e.mail.ru',
    'mail.rambler.ru',
    'mail.qq.com',
    'mail.naver.com',
    'mail.163.com',
    'mail.126.com',
    'gmx.net',
    'gmx.de',
    'gmx.com',
    'web.de',
    'mail.com',
  ],
};

/** Android apps by package name, for `android-app://<package>/` referrers. */
export const MAIL_APPS: readonly string[] = [
  'com.google.android.gm', // Gmail
  'com.microsoft.office.outlook',
  'com.yahoo.mobile.client.android.mail',
  'ch.protonmail.android',
  'com.samsung.android.email.provider',
  'com.readdle.spark',
  'com.fsck.k9',
  'net.thunderbird.android',
  'me.bluemail.mail',
  'com.easilydo.mail', // Edison Mail
  'com.zoho.mail',
  'de.gmx.mobile.android.mail',
  'de.web.mobile.android.mail',
  'ru.mail.mailapp',
  'ru.yandex.mail',
];

export const SEARCH_APPS: readonly string[] = [
  'com.google.android.googlequicksearchbox', // the Google app (Search, Discover)
  'com.microsoft.bing',
  'com.duckduckgo.mobile.android',
  'ru.yandex.searchplugin',
  'com.baidu.searchbox',
  'com.nhn.android.search', // Naver
];

export const SOCIAL_APPS: readonly string[] = [
  'com.facebook.katana', // Facebook
  'com.facebook.lite',
  'com.facebook.orca', // Messenger
  'com.instagram.android',
  'com.instagram.barcelona', // Threads
  'com.linkedin.android',
  'com.twitter.android', // X
  'com.reddit.frontpage',
  'com.zhiliaoapp.musically', // TikTok
  'com.ss.android.ugc.trill', // TikTok (Asia)
  'com.pinterest',
  'com.snapchat.android',
  'com.whatsapp',
  'org.telegram.messenger',
  'com.discord',
  'com.tumblr',
  'com.vkontakte.android',
  'jp.naver.line.android',
  'xyz.blueskyweb.app', // Bluesky
  'com.google.android.youtube',
];

/** Whether a host (lower case) is one of the known sites, by brand or by domain. */
export function isKnownSite(host: string, sites: KnownSites): boolean {
  if (sites.domains.some((d) => host === d || host.endsWith(`.${d}`))) return true;
  const labels = host.split('.');
  if (labels.length > 2 && sites.firstLabels?.includes(labels[0] ?? '')) return true;
  return sites.brands.some((brand) => {
    const at = labels.lastIndexOf(brand);
    return at >= 0 && at < labels.length - 1 && labels.slice(at + 1).every((l) => /^[a-z]{1,3}$/.test(l));
  });
}
