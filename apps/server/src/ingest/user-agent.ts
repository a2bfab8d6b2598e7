import type { ParsedUserAgent } from '@ocx/core';
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

/** A small bounded cache: real traffic repeats a few thousand user agents. */
function cached<T>(fn: (ua: string) => T, max = 5000): (ua: string) => T {
  const cache = new Map<string, T>();
  return (ua) => {
    const hit = cache.get(ua);
    if (hit !== undefined) return hit;
    const value = fn(ua);
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(ua, value);
    return value;
  };
}

/** ua-parser-js 1.x (MIT; 2.x is AGPL). Devices without a type are desktops. */
export const parseUserAgent = cached((ua: string): ParsedUserAgent => {
  const result = new UAParser(ua.slice(0, 512)).getResult();
  const type = result.device.type;
  return {
    deviceType: type === 'mobile' || type === 'tablet' ? type : type ? 'other' : 'desktop',
    browser: result.browser.name ?? null,
    os: result.os.name ?? null,
  };
});

export const isBot = cached((ua: string) => ua.trim() === '' || isbot(ua));
