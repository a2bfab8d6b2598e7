import type { ParsedUserAgent } from '@ocx/core';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

/** The part of a User-Agent header that is read: real ones are a few hundred characters. */
export const MAX_USER_AGENT_CHARS = 512;
const MAX_CACHED = 5000;

const caches: LRUCache<string, { v: unknown }>[] = [];

/**
 * A small LRU cache: real traffic repeats a few thousand user agents. Keys are the first 512
 * characters, so 5,000 entries stay within ~2.5 M characters whatever the headers weigh.
 */
function cached<T>(fn: (ua: string) => T): (ua: string) => T {
  const cache = new LRUCache<string, { v: T }>({ max: MAX_CACHED });
  caches.push(cache as LRUCache<string, { v: unknown }>);
  return (header) => {
    const ua = header.slice(0, MAX_USER_AGENT_CHARS);
    const hit = cache.get(ua);
    if (hit !== undefined) return hit.v;
    const value = fn(ua);
    cache.set(ua, { v: value });
    return value;
  };
}

/** Characters of user agent held by the caches (memory checks). */
export function cachedUserAgentChars(): number {
  let chars = 0;
  for (const cache of caches) for (const key of cache.keys()) chars += key.length;
  return chars;
}

/** ua-parser-js 1.x (MIT; 2.x is AGPL). Devices without a type are desktops. */
export const parseUserAgent = cached((ua: string): ParsedUserAgent => {
  const result = new UAParser(ua).getResult();
  const type = result.device.type;
  return {
    deviceType: type === 'mobile' || type === 'tablet' ? type : type ? 'other' : 'desktop',
    browser: result.browser.name ?? null,
    os: result.os.name ?? null,
  };
});

export const isBot = cached((ua: string) => ua.trim() === '' || isbot(ua));
