// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { config, expectValidBodies, page, teardown } from './test-support';

afterEach(teardown);

const click = (el: Element, type = 'click') =>
  el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));

describe('click selectors', () => {
  it('sends one click event per configured selector the clicked element is inside of', async () => {
    const p = page('https://www.shop.test/cart', {
      cfg: config({ cs: ['#buy', '.cta', 'form.checkout', '#elsewhere'] }),
    });
    document.body.innerHTML =
      '<form class="checkout"><button id="buy" class="cta"><span id="label">Buy</span></button></form><p id="text">x</p>';
    p.start();
    await p.tick();
    click(document.getElementById('label') as Element);
    click(document.getElementById('text') as Element);
    await p.tick();

    const clicks = p.events().filter((e) => e.type === 'click');
    expect(clicks.map((e) => e.selector)).toEqual(['#buy', '.cta', 'form.checkout']);
    expect(clicks[0]).toMatchObject({ url: 'https://www.shop.test/cart', title: 'Landing' });
    expectValidBodies(p.sent);
  });

  it('listens once on document in the capture phase, so clicks stopped by the page still count', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ cs: ['#buy'] }) });
    document.body.innerHTML = '<button id="buy">Buy</button>';
    const buy = document.getElementById('buy') as Element;
    buy.addEventListener('click', (e) => e.stopPropagation());
    p.start();
    await p.tick();
    click(buy);
    await p.tick();
    expect(p.events().filter((e) => e.type === 'click')).toHaveLength(1);
  });

  it('skips an invalid selector and still matches the others', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ cs: ['##bad[', '#buy'] }) });
    document.body.innerHTML = '<button id="buy">Buy</button>';
    p.start();
    await p.tick();
    click(document.getElementById('buy') as Element);
    await p.tick();
    expect(
      p
        .events()
        .filter((e) => e.type === 'click')
        .map((e) => e.selector),
    ).toEqual(['#buy']);
  });

  it('does not send clicks on mousedown, nor before the config names any selector', async () => {
    const p = page('https://www.shop.test/', { cfg: config({ cs: ['#buy'] }) });
    document.body.innerHTML = '<button id="buy">Buy</button>';
    p.start();
    click(document.getElementById('buy') as Element);
    await p.tick();
    click(document.getElementById('buy') as Element, 'mousedown');
    await p.tick();
    expect(p.events().map((e) => e.type)).toEqual(['pageview']);
  });
});
