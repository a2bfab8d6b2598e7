import { describe, expect, it } from 'vitest';
import { cspAllows } from './content-security-policy';
import { diagnoseInstallation, type ExpectedSnippet } from './installation-check';

const expected: ExpectedSnippet = {
  websiteId: 'site-1',
  scriptUrl: 'https://ocx.example.net/t.js',
  collectUrl: 'https://ocx.example.net/api/collect',
};
const PAGE = 'https://shop.example.com/';
const withSnippet = (site = 'site-1') =>
  `<html><head><script async src="https://ocx.example.net/t.js" data-site="${site}"></script></head></html>`;
const page = (html: string, csp: string[] = [], status = 200) => ({ status, html, csp });

describe('diagnoseInstallation', () => {
  it('names the first thing to fix', () => {
    expect(diagnoseInstallation(null, PAGE, expected).finding).toBe('unreachable');
    expect(diagnoseInstallation(page('', [], 503), PAGE, expected).finding).toBe('http_error');
    expect(diagnoseInstallation(page('<script src="/app.js"></script>'), PAGE, expected).finding).toBe(
      'snippet_missing',
    );
    expect(diagnoseInstallation(page(withSnippet('site-2')), PAGE, expected)).toEqual({
      finding: 'other_website',
      foundWebsiteId: 'site-2',
    });
    expect(diagnoseInstallation(page(withSnippet()), PAGE, expected).finding).toBe('snippet_found');
  });

  it('finds the tag whatever its quoting, attribute order and case', () => {
    const html = `<SCRIPT data-site='site-1' ASYNC src=https://ocx.example.net/t.js></SCRIPT>`;
    expect(diagnoseInstallation(page(html), PAGE, expected).finding).toBe('snippet_found');
  });

  it('reads the page policy for the script and for sending', () => {
    const blocksScript = "default-src 'self'";
    expect(diagnoseInstallation(page(withSnippet(), [blocksScript]), PAGE, expected).finding).toBe(
      'csp_blocks_script',
    );
    const blocksSending = "script-src 'self' https://ocx.example.net; connect-src 'self'";
    expect(diagnoseInstallation(page(withSnippet(), [blocksSending]), PAGE, expected).finding).toBe(
      'csp_blocks_collect',
    );
    const allows = "default-src 'self' https://ocx.example.net";
    expect(diagnoseInstallation(page(withSnippet(), [allows]), PAGE, expected).finding).toBe('snippet_found');
    // Every policy of the answer applies: the second one blocks.
    expect(
      diagnoseInstallation(page(withSnippet(), [allows, "connect-src 'none'"]), PAGE, expected).finding,
    ).toBe('csp_blocks_collect');
  });
});

describe('cspAllows', () => {
  const allows = (policy: string, target: string, directive: 'script-src' | 'connect-src' = 'script-src') =>
    cspAllows(policy, directive, target, PAGE);

  it('follows the fallbacks: script-src-elem, script-src, default-src; nothing named allows', () => {
    expect(allows('img-src *', 'https://x.test/t.js')).toBe(true);
    expect(allows("default-src 'none'", 'https://x.test/t.js')).toBe(false);
    expect(allows("default-src 'none'; script-src https://x.test", 'https://x.test/t.js')).toBe(true);
    expect(allows("script-src https://x.test; script-src-elem 'self'", 'https://x.test/t.js')).toBe(false);
  });

  it('matches hosts, wildcards, schemes, ports and paths', () => {
    expect(allows('script-src *.example.net', 'https://ocx.example.net/t.js')).toBe(true);
    expect(allows('script-src *.example.net', 'https://example.net/t.js')).toBe(false);
    expect(allows('script-src https:', 'https://any.test/t.js')).toBe(true);
    expect(allows('script-src http:', 'https://any.test/t.js')).toBe(true);
    expect(allows('script-src https://x.test', 'http://x.test/t.js')).toBe(false);
    expect(allows('script-src https://x.test:8443', 'https://x.test/t.js')).toBe(false);
    expect(allows('script-src https://x.test:*', 'https://x.test:8443/t.js')).toBe(true);
    expect(allows('script-src https://x.test/js/', 'https://x.test/js/t.js')).toBe(true);
    expect(allows('script-src https://x.test/js/app.js', 'https://x.test/t.js')).toBe(false);
    expect(allows("script-src 'self'", 'https://shop.example.com/t.js')).toBe(true);
    expect(allows("script-src 'self'", 'https://track.shop.example.com/t.js')).toBe(false);
    expect(allows("script-src 'nonce-abc' 'strict-dynamic'", 'https://x.test/t.js')).toBe(true);
    expect(allows('connect-src *', 'https://x.test/api/collect', 'connect-src')).toBe(true);
  });
});
