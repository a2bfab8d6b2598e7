import { describe, expect, it } from 'vitest';
import {
  type CampaignTags,
  type Channel,
  type ChannelInput,
  campaignChannel,
  classifyChannel,
} from './channel';

const none: ChannelInput = {
  campaign: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
  hasClickId: false,
};
const web = (domain: string) => ({ ...none, referrer: { domain, app: false } });
const app = (domain: string) => ({ ...none, referrer: { domain, app: true } });
const medium = (utmMedium: string) => ({ ...none, utmMedium });
const source = (utmSource: string) => ({ ...none, utmSource });
const campaign = (tags: Partial<CampaignTags>): CampaignTags => ({
  utmSource: null,
  utmMedium: null,
  network: null,
  ...tags,
});

const expectChannel = (input: ChannelInput, channel: Channel) => expect(classifyChannel(input)).toBe(channel);

describe('the channel of a campaign entrance (docs/definitions.md#campaign-links)', () => {
  it.each([
    [{ utmMedium: 'email' }],
    [{ utmMedium: 'E-Mail' }],
    [{ utmMedium: 'email_blast' }],
    [{ utmSource: 'newsletter' }],
    [{ utmSource: 'mailchimp', utmMedium: 'e_mail' }],
    [{ network: 'Newsletter' }],
    [{ network: 'Email Marketing', utmSource: 'google', utmMedium: 'cpc' }],
  ])('is email when its medium, source or network says so: %j', (tags) => {
    expect(campaignChannel(campaign(tags))).toBe('email');
  });

  it.each([
    [{}],
    [{ network: 'Google Ads', utmSource: 'google', utmMedium: 'Search' }],
    [{ network: 'Gmail Sponsored' }],
    [{ network: 'Partners', utmMedium: 'affiliate' }],
    [{ utmSource: 'facebook', utmMedium: 'social' }],
  ])('is paid otherwise: %j', (tags) => {
    expect(campaignChannel(campaign(tags))).toBe('paid');
  });

  it('is the campaign channel whatever the referrer, tags or click ids of the landing say', () => {
    const paidCampaign = campaign({ network: 'Google Ads', utmSource: 'google', utmMedium: 'Search' });
    expectChannel({ ...none, campaign: paidCampaign }, 'paid');
    expectChannel({ ...web('mail.google.com'), campaign: paidCampaign, utmMedium: 'email' }, 'paid');
    expectChannel({ ...app('com.google.android.gm'), campaign: paidCampaign }, 'paid');
    const newsletter = campaign({ network: 'Newsletter' });
    expectChannel(
      { ...web('www.google.com'), campaign: newsletter, hasClickId: true, utmMedium: 'cpc' },
      'email',
    );
    expectChannel({ ...web('l.facebook.com'), campaign: newsletter }, 'email');
  });
});

describe('the channel of any other entrance: the first rule that matches (docs/definitions.md#the-rule-order)', () => {
  it('is paid with any click-id parameter, valid or not, before every other rule', () => {
    expectChannel({ ...none, hasClickId: true }, 'paid');
    expectChannel({ ...web('www.google.com'), hasClickId: true }, 'paid');
    expectChannel({ ...web('mail.google.com'), hasClickId: true, utmMedium: 'email' }, 'paid');
  });

  it.each([
    'cpc',
    'CPC',
    'ppc',
    'retargeting',
    'paid',
    'paid_social',
    'paidsearch',
    'Paid-Search',
    'display',
    'banner',
    'cpm',
    'cpv',
    'cpa',
    'interstitial',
  ])('is paid for the GA4 paid medium %s, even from a social referrer', (utmMedium) => {
    expectChannel({ ...web('l.facebook.com'), utmSource: 'facebook', utmMedium }, 'paid');
  });

  it.each(['affiliate', 'Search', 'referral', 'unpaid', 'displays', 'banners'])(
    'is not paid for the medium %s',
    (utmMedium) => {
      expect(classifyChannel(medium(utmMedium))).not.toBe('paid');
    },
  );

  it.each([
    [medium('email')],
    [medium('E-mail')],
    [medium('e_mail')],
    [medium('e mail')],
    [medium('newsletter')],
    [source('email')],
    [source('Newsletter')],
    [{ ...web('l.facebook.com'), utmMedium: 'email' }],
  ])('is email for an email or newsletter tag: %j', (input) => {
    expectChannel(input, 'email');
  });

  it.each([
    'mail.google.com',
    'outlook.live.com',
    'outlook.office.com',
    'outlook.office365.com',
    'mail.yahoo.com',
    'mail.proton.me',
    'app.fastmail.com',
    'e.mail.ru',
    'wx.mail.qq.com',
    'webmail.ionos.de',
  ])('is email from the webmail host %s', (host) => {
    expectChannel(web(host), 'email');
  });

  it.each([
    'com.google.android.gm',
    'com.microsoft.office.outlook',
    'com.yahoo.mobile.client.android.mail',
    'ch.protonmail.android',
    'com.samsung.android.email.provider',
  ])('is email from the mail app %s', (packageName) => {
    expectChannel(app(packageName), 'email');
  });

  it.each([
    'l.facebook.com',
    'm.facebook.com',
    'www.instagram.com',
    't.co',
    'x.com',
    'twitter.com',
    'www.linkedin.com',
    'lnkd.in',
    'www.reddit.com',
    'www.tiktok.com',
    'pinterest.co.uk',
    'www.youtube.com',
    'youtu.be',
    'www.threads.net',
    'bsky.app',
    'mastodon.social',
    'web.whatsapp.com',
    't.me',
  ])('is social from the social network %s', (host) => {
    expectChannel(web(host), 'social');
  });

  it.each([
    ['com.facebook.katana', 'Facebook'],
    ['com.instagram.android', 'Instagram'],
    ['com.linkedin.android', 'LinkedIn'],
    ['com.twitter.android', 'X'],
    ['com.reddit.frontpage', 'Reddit'],
    ['com.zhiliaoapp.musically', 'TikTok'],
  ])('is social from the %s app (%s)', (packageName) => {
    expectChannel(app(packageName), 'social');
  });

  it.each([
    [source('facebook')],
    [source('FB')],
    [source('ig')],
    [source('linkedin')],
    [source('l.facebook.com')],
    [source('t.co')],
    [medium('social')],
    [medium('social-network')],
    [medium('Social-Media')],
    [medium('sm')],
    [{ ...web('www.google.com'), utmMedium: 'social' }],
  ])('is social for a social source or medium: %j', (input) => {
    expectChannel(input, 'social');
  });

  it.each([
    'www.google.com',
    'www.google.co.uk',
    'news.google.de',
    'www.bing.com',
    'duckduckgo.com',
    'search.yahoo.com',
    'yandex.ru',
    'www.baidu.com',
    'www.ecosia.org',
    'search.brave.com',
    'www.qwant.com',
  ])('is organic from the search engine %s', (host) => {
    expectChannel(web(host), 'organic');
  });

  it.each(['com.google.android.googlequicksearchbox', 'com.microsoft.bing', 'com.duckduckgo.mobile.android'])(
    'is organic from the search app %s',
    (packageName) => {
      expectChannel(app(packageName), 'organic');
    },
  );

  it('is organic for the medium organic', () => {
    expectChannel(medium('organic'), 'organic');
    expectChannel({ ...web('news.example.org'), utmSource: 'google', utmMedium: 'Organic' }, 'organic');
  });

  it.each([
    [web('news.ycombinator.com')],
    [web('googleblog.example.org')],
    [web('google.example.org')],
    [web('facebook-fans.example.com')],
    [web('mail.example.com')],
    [app('org.example.reader')],
    [app('com.slack')],
  ])('is referral from any other referrer: %j', (input) => {
    expectChannel(input, 'referral');
  });

  it.each([
    [source('google')],
    [{ ...none, utmSource: 'partner', utmMedium: 'affiliate' }],
    [medium('Search')],
    [{ ...none, utmCampaign: 'spring' }],
  ])('is referral for UTM tags without a referrer: %j', (input) => {
    expectChannel(input, 'referral');
  });

  it('is direct with nothing of the above', () => {
    expectChannel(none, 'direct');
  });
});
