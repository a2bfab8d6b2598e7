import { messages } from '@ocx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ownOrganization } from '../../test/members.fixture';
import {
  callAs,
  createSiteFixture,
  dialects,
  type InjectMethod,
  type SignedIn,
  type TestApp,
} from '../../test/test-app';

describe.each(dialects)('goals API on %s', (dialect) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let siteId: string;
  beforeAll(async () => {
    ({ t, alice, bob, siteId } = await createSiteFixture(dialect, 'shop.com'));
  });
  afterAll(() => t.close());

  const call = (user: SignedIn | null, method: InjectMethod, url: string, payload?: object) =>
    callAs(t, user, method, url, payload);

  it('adds pageview, click and event goals, keeping only the condition of each type', async () => {
    const pageview = await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
      name: 'Thank you',
      type: 'pageview',
      conditions: { path: ' /thanks ', selector: '#ignored' },
      value: 49.5,
    });
    expect(pageview.statusCode).toBe(201);
    expect(pageview.json()).toMatchObject({
      name: 'Thank you',
      type: 'pageview',
      conditions: { path: '/thanks' },
      value: 49.5,
    });
    await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
      name: 'Signup click',
      type: 'click',
      conditions: { selector: '#signup' },
    });
    await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
      name: 'Purchase',
      type: 'event',
      conditions: { event: 'purchase' },
    });

    const list = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json();
    expect(
      list.map((g: { name: string; conditions: object; value: number | null }) => [
        g.name,
        g.conditions,
        g.value,
      ]),
    ).toEqual([
      ['Thank you', { path: '/thanks' }, 49.5],
      ['Signup click', { selector: '#signup' }, null],
      ['Purchase', { event: 'purchase' }, null],
    ]);
    const site = (await call(alice, 'GET', `/api/websites/${siteId}`)).json();
    expect(site.goals).toEqual(list);
  });

  it.each([
    [
      { name: '', type: 'pageview', conditions: { path: '/x' } },
      'Please fill in all required fields',
      'name',
    ],
    [{ name: 'G', type: 'download', conditions: {} }, 'Please fill in all required fields', 'type'],
    [
      { name: 'G', type: 'pageview', conditions: {} },
      'Please enter a page path for the pageview goal',
      'conditions.path',
    ],
    [
      { name: 'G', type: 'click', conditions: { path: '/x' } },
      'Please enter a CSS selector for the click goal',
      'conditions.selector',
    ],
    [
      { name: 'G', type: 'event', conditions: { event: '  ' } },
      'Please enter an event name for the event goal',
      'conditions.event',
    ],
    [
      { name: 'G', type: 'event', conditions: { event: 'e' }, value: -1 },
      'Goal value must be a number of 0 or more',
      'value',
    ],
    [
      { name: 'G', type: 'event', conditions: { event: 'e' }, value: 'abc' },
      'Goal value must be a number of 0 or more',
      'value',
    ],
  ])('refuses %j with the spec message at its field and stores nothing', async (goal, message, field) => {
    const before = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json().length;
    const res = await call(alice, 'POST', `/api/websites/${siteId}/goals`, goal);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field });
    expect((await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json().length).toBe(before);
  });

  it('refuses a click goal whose selector is not CSS with 400 and the message for the field', async () => {
    const before = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json().length;
    const res = await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
      name: 'Buy',
      type: 'click',
      conditions: { selector: 'not a selector!!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: messages.goals.invalidSelector, field: 'conditions.selector' });
    expect((await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json().length).toBe(before);
  });

  it('removes a goal, and answers 404 for a goal that is not there', async () => {
    const goal = (
      await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'Tmp',
        type: 'event',
        conditions: { event: 'tmp' },
      })
    ).json();
    expect((await call(alice, 'DELETE', `/api/websites/${siteId}/goals/${goal.id}`)).statusCode).toBe(204);
    const again = await call(alice, 'DELETE', `/api/websites/${siteId}/goals/${goal.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Goal not found' });
  });

  it('answers 401 without a session on every goal endpoint', async () => {
    const goal = (
      await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'A',
        type: 'event',
        conditions: { event: 'a' },
      })
    ).json();
    expect((await call(null, 'GET', `/api/websites/${siteId}/goals`)).statusCode).toBe(401);
    expect(
      (
        await call(null, 'POST', `/api/websites/${siteId}/goals`, {
          name: 'x',
          type: 'event',
          conditions: { event: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call(null, 'DELETE', `/api/websites/${siteId}/goals/${goal.id}`)).statusCode).toBe(401);
  });

  it("answers 404 for another user's website on every goal endpoint and changes nothing", async () => {
    const goal = (
      await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'B',
        type: 'event',
        conditions: { event: 'b' },
      })
    ).json();
    const before = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json();
    for (const res of [
      await call(bob, 'GET', `/api/websites/${siteId}/goals`),
      await call(bob, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'x',
        type: 'event',
        conditions: { event: 'x' },
      }),
      await call(bob, 'DELETE', `/api/websites/${siteId}/goals/${goal.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Website not found' });
    }
    expect((await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json()).toEqual(before);
  });

  it("cannot delete another website's goal through one's own website id", async () => {
    const bobSite = (await call(bob, 'POST', '/api/websites', { name: 'Bob' })).json();
    const aliceGoal = (
      await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'C',
        type: 'event',
        conditions: { event: 'c' },
      })
    ).json();
    expect((await call(bob, 'DELETE', `/api/websites/${bobSite.id}/goals/${aliceGoal.id}`)).statusCode).toBe(
      404,
    );
    const goals = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json();
    expect(goals.some((g: { id: string }) => g.id === aliceGoal.id)).toBe(true);
  });

  describe('editing', () => {
    const add = async (goal: object) => {
      const res = await call(alice, 'POST', `/api/websites/${siteId}/goals`, goal);
      expect(res.statusCode).toBe(201);
      return res.json();
    };

    it('changes the fields sent and keeps the others, and the website shows the change', async () => {
      const goal = await add({
        name: 'Order page',
        type: 'pageview',
        conditions: { path: '/order' },
        value: 25,
      });
      const res = await call(alice, 'PATCH', `/api/websites/${siteId}/goals/${goal.id}`, {
        name: ' Order done ',
        value: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: goal.id,
        name: 'Order done',
        type: 'pageview',
        conditions: { path: '/order' },
        value: null,
      });
      const site = (await call(alice, 'GET', `/api/websites/${siteId}`)).json();
      expect(site.goals.find((g: { id: string }) => g.id === goal.id)).toEqual(res.json());
      const retyped = await call(alice, 'PATCH', `/api/websites/${siteId}/goals/${goal.id}`, {
        type: 'event',
        conditions: { event: 'order', path: '/order' },
      });
      expect(retyped.json()).toMatchObject({ type: 'event', conditions: { event: 'order' } });
    });

    it('refuses a new type without its condition, and a goal that is not there', async () => {
      const goal = await add({ name: 'Cart', type: 'pageview', conditions: { path: '/cart' } });
      const res = await call(alice, 'PATCH', `/api/websites/${siteId}/goals/${goal.id}`, { type: 'click' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: messages.goals.selector, field: 'conditions.selector' });
      const missing = await call(alice, 'PATCH', `/api/websites/${siteId}/goals/no-such-goal`, { name: 'X' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Goal not found' });
    });

    it('refuses a duplicate goal (same type and match value) on add and on edit, naming the first', async () => {
      await add({ name: 'Checkout done', type: 'event', conditions: { event: 'checkout' } });
      const twin = await call(alice, 'POST', `/api/websites/${siteId}/goals`, {
        name: 'Checkout again',
        type: 'event',
        conditions: { event: ' checkout ' },
      });
      expect(twin.statusCode).toBe(409);
      expect(twin.json()).toEqual({
        error: 'Goal "Checkout done" already matches this event name: each conversion would count twice',
        field: 'conditions.event',
      });
      const other = await add({ name: 'Refund', type: 'event', conditions: { event: 'refund' } });
      const edited = await call(alice, 'PATCH', `/api/websites/${siteId}/goals/${other.id}`, {
        conditions: { event: 'checkout' },
      });
      expect(edited.statusCode).toBe(409);
      const goals = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json();
      expect(
        goals.filter((g: { conditions: { event?: string } }) => g.conditions.event === 'checkout'),
      ).toHaveLength(1);
      // Saving a goal unchanged is no duplicate of itself.
      expect(
        (await call(alice, 'PATCH', `/api/websites/${siteId}/goals/${other.id}`, { name: 'Refunds' }))
          .statusCode,
      ).toBe(200);
    });

    it("answers 404 to another organization's member and 403 to a viewer, changing nothing", async () => {
      const goal = await add({ name: 'Locked', type: 'event', conditions: { event: 'locked' } });
      const url = `/api/websites/${siteId}/goals/${goal.id}`;
      const theirs = await call(bob, 'PATCH', url, { name: 'Mine now' });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: 'Website not found' });
      const viewer = await addMember(t, alice, await ownOrganization(t, alice), 'viewer');
      expect((await call(viewer, 'GET', `/api/websites/${siteId}/goals`)).statusCode).toBe(200);
      expect((await call(viewer, 'PATCH', url, { name: 'Viewed' })).statusCode).toBe(403);
      expect((await call(null, 'PATCH', url, { name: 'Anyone' })).statusCode).toBe(401);
      const stored = (await call(alice, 'GET', `/api/websites/${siteId}/goals`)).json();
      expect(stored.find((g: { id: string }) => g.id === goal.id).name).toBe('Locked');
    });
  });
});
