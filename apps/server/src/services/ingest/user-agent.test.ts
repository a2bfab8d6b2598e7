import { describe, expect, it } from 'vitest';
import { cachedUserAgentChars, isBot, MAX_USER_AGENT_CHARS, parseUserAgent } from './user-agent';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('user agent caches', () => {
  it('hold a bounded amount of text however large and varied the headers are', () => {
    // 6,000 distinct 8 KB headers: the old caches kept every whole header (5,000 × 8 KB each).
    for (let i = 0; i < 6000; i++) {
      const ua = `${CHROME} ${String(i).padStart(6, '0')}${'x'.repeat(8 * 1024)}`;
      parseUserAgent(ua);
      isBot(ua);
    }
    expect(cachedUserAgentChars()).toBeLessThanOrEqual(2 * 5000 * MAX_USER_AGENT_CHARS);
  });

  it('still parses and classifies from the header’s start', () => {
    expect(parseUserAgent(`${CHROME}${' '.repeat(20_000)}`)).toEqual({
      deviceType: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
    });
    expect(isBot('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe(true);
    expect(isBot(CHROME)).toBe(false);
  });
});
