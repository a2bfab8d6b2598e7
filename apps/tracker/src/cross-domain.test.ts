// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { config, cookie, page, recordCookieWrites, teardown } from './test-support';

afterEach(teardown);

/** A link (kept from navigating away, so the test page stays) and the element inside it that is pressed. */
const link = (href: string) => {
  document.body.innerHTML = `<a href="${href}"><span>go</span></a>`;
  document.querySelector('a')?.addEventListener('click', (e) => e.preventDefault());
  return document.querySelector('span') as Element;
};
const press = (el: Element, type: string) =>
  el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
const href = () => (document.querySelector('a') as HTMLAnchorElement).href;

describe('cross-domain links', () => {
  it('appends _ocx=<visitorId>.<sessionId> on click to a link to a cross domain or its subdomain, once', async () => {
    const p = page('https://www.shop.test/', {
      cfg: config({ xd: ['partner.test', 'blog.test'] }),
    });
    const target = link('https://checkout.partner.test/pay?order=7#summary');
    p.start();
    await p.tick();
    press(target, 'click');
    const [e] = p.events();
    expect(href()).toBe(
      `https://checkout.partner.test/pay?order=7&_ocx=${e?.visitorId}.${e?.sessionId}#summary`,
    );

    press(target, 'click');
    expect(href().match(/_ocx=/g)).toHaveLength(1);
  });

  it('decorates on click as well, and the domain itself matches', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ xd: ['partner.test'] }) });
    const target = link('https://partner.test/');
    p.start();
    await p.tick();
    press(target, 'click');
    expect(new URL(href()).searchParams.get('_ocx')).toBe(`${cookie('_ocx_v')}.${cookie('_ocx_s')}`);
  });

  it('leaves other links alone: other domains and look-alike hosts', async () => {
    const p = page('https://www.shop.test/', {
      cfg: config({ xd: ['partner.test'] }),
    });
    p.start();
    await p.tick();
    for (const other of ['https://other.test/', 'https://notpartner.test/', 'https://www.shop.test/about']) {
      const target = link(other);
      press(target, 'click');
      expect(href()).toBe(other);
    }
  });

  it('decorates nothing when the config lists no cross domains', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ xd: [] }) });
    const target = link('https://partner.test/');
    p.start();
    await p.tick();
    press(target, 'click');
    expect(href()).toBe('https://partner.test/');
  });
});

describe('arriving from another domain', () => {
  it('adopts valid _ocx ids (cookies written), removes the parameter from the address bar before the pageview', async () => {
    const v = 'visitor_from_partner_1';
    const s = 'session-from-partner-1';
    const p = page(`https://www.shop.test/land?utm_source=partner&_ocx=${v}.${s}&gclid=G1#top`);
    const writes = recordCookieWrites();
    p.start();
    expect(location.href).toBe('https://www.shop.test/land?utm_source=partner&gclid=G1#top');
    await p.tick();

    expect(p.events()[0]).toMatchObject({
      url: 'https://www.shop.test/land?utm_source=partner&gclid=G1#top',
      visitorId: v,
      sessionId: s,
    });
    expect(writes.some((w) => w.startsWith(`_ocx_v=${v};`) && w.includes(';domain=.shop.test'))).toBe(true);
    expect(cookie('_ocx_v')).toBe(v);
    expect(cookie('_ocx_s')).toBe(s);
  });

  it('prefers the adopted ids over the cookies already on this domain', async () => {
    const p = page('https://www.shop.test/?_ocx=adopted_visitor_1.adopted_session_1');
    document.cookie = '_ocx_v=local_visitor_0001;path=/';
    document.cookie = '_ocx_s=local_session_0001;path=/';
    p.start();
    await p.tick();
    expect(p.events()[0]).toMatchObject({ visitorId: 'adopted_visitor_1', sessionId: 'adopted_session_1' });
  });

  it('ignores malformed _ocx values but still removes them', async () => {
    for (const bad of ['short.ids', 'only_one_part_here', 'a_valid_looking_id.bad id!', 'x.y.z']) {
      const p = page(`https://www.shop.test/p?_ocx=${encodeURIComponent(bad)}`);
      p.start();
      await p.tick();
      expect(location.href).toBe('https://www.shop.test/p');
      const [e] = p.events();
      expect(e?.url).toBe('https://www.shop.test/p');
      expect(e?.visitorId).not.toContain('short');
      expect(e?.visitorId).toMatch(/^[\w-]{16,64}$/);
      teardown();
    }
  });
});
