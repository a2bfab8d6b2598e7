import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { explainDrop } from './drop-explanation';
import { dropReasons } from './ingest-types';

const context = { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)', rootDomain: 'shop.example' };

describe('explainDrop', () => {
  it('names the user agent that looked like a bot', () => {
    const text = explainDrop({ drop: 'bot' }, context);
    expect(text).toMatch(/^Dropped as a bot/);
    expect(text).toContain(context.userAgent);
  });

  it('names the host that is not the website’s, and what the website’s is', () => {
    expect(explainDrop({ drop: 'foreign_origin', detail: 'other.example' }, context)).toBe(
      messages.eventTest.droppedForeignOrigin('other.example', 'shop.example'),
    );
  });

  it('says what was invalid, and asks for a domain when none is set', () => {
    expect(explainDrop({ drop: 'invalid', detail: 'url: not a URL' }, context)).toBe(
      'Dropped as invalid: url: not a URL.',
    );
    expect(explainDrop({ drop: 'domain_not_configured' }, context)).toBe(
      messages.config.snippetMissingDomain,
    );
  });

  it('has words for every drop reason', () => {
    for (const reason of dropReasons) expect(explainDrop({ drop: reason }, context)).toMatch(/\S/);
  });
});
