import { describe, expect, it } from 'vitest';
import { androidAppPackage, externalReferrer } from './domains';

const website = { rootDomain: 'shop.test', crossDomains: ['shop-pay.test'] };

describe('referrers', () => {
  it.each([
    ['android-app://com.google.android.gm/', 'com.google.android.gm'],
    [
      'android-app://com.google.android.googlequicksearchbox/https/www.google.com',
      'com.google.android.googlequicksearchbox',
    ],
    ['ANDROID-APP://Com.LinkedIn.Android', 'com.linkedin.android'],
    ['android-app://org.telegram.messenger?x=1', 'org.telegram.messenger'],
  ])('reads the package of the app referrer %s', (referrer, packageName) => {
    expect(androidAppPackage(referrer)).toBe(packageName);
    expect(externalReferrer(referrer, website)).toEqual({ domain: packageName, app: true });
  });

  it.each([
    'android-app://gmail/',
    'android-app://com..gm/',
    'android-app://com.example.<b>/',
    'android-app:///',
    'ios-app://com.example/',
    'https://com.google.android.gm/',
  ])('finds no app package in %s', (referrer) => {
    expect(androidAppPackage(referrer)).toBeNull();
  });

  it('keeps a web referrer outside the website, and drops its own hosts, cross domains and non-web ones', () => {
    expect(externalReferrer('https://L.Facebook.com/x', website)).toEqual({
      domain: 'l.facebook.com',
      app: false,
    });
    expect(externalReferrer('https://blog.shop.test/post', website)).toBeNull();
    expect(externalReferrer('https://shop-pay.test/done', website)).toBeNull();
    expect(externalReferrer('android-app://gmail/', website)).toBeNull();
    expect(externalReferrer('ftp://files.example.org/', website)).toBeNull();
    expect(externalReferrer(null, website)).toBeNull();
  });
});
