import { describe, expect, it } from 'vitest';
import { attribute, selectTouchpoints, type Touchpoint } from './attribute';
import { defaultAttribution } from './attribution-defaults';

const DAY = 86_400_000;
const T = 100 * DAY;
const click = (
  id: string,
  daysBefore: number,
  channel = 'paid',
  campaignId: string | null = id,
): Touchpoint => ({
  clickRowId: id,
  ts: T - daysBefore * DAY,
  campaignId,
  channel,
});

describe('touchpoint selection', () => {
  it('keeps clicks inside the window before the conversion, in time order', () => {
    const path = selectTouchpoints(
      [click('late', -1), click('b', 10), click('old', 91), click('a', 90)],
      T,
      90,
    );
    expect(path.map((c) => c.clickRowId)).toEqual(['a', 'b']);
  });

  it('drops direct clicks when the path has another touchpoint, keeps them when it has none', () => {
    expect(
      selectTouchpoints([click('d1', 5, 'direct', null), click('p', 3)], T, 90).map((c) => c.clickRowId),
    ).toEqual(['p']);
    expect(
      selectTouchpoints([click('d1', 5, 'direct', null), click('d2', 3, 'direct', null)], T, 90).map(
        (c) => c.clickRowId,
      ),
    ).toEqual(['d1', 'd2']);
  });

  it('orders equal times by click id so credits are stable', () => {
    expect(selectTouchpoints([click('z', 2), click('y', 2)], T, 90).map((c) => c.clickRowId)).toEqual([
      'y',
      'z',
    ]);
  });
});

describe('attribute', () => {
  it('writes a row per touchpoint for all eight models, value credit = credit × value', () => {
    const rows = attribute({ ts: T, value: 100 }, [click('A', 10), click('B', 1)], defaultAttribution());
    const byModel = (model: string) =>
      rows.filter((r) => r.model === model).map((r) => [r.campaignId, r.credit, r.valueCredit]);
    expect(byModel('first_touch')).toEqual([
      ['A', 1, 100],
      ['B', 0, 0],
    ]);
    expect(byModel('last_touch')).toEqual([
      ['A', 0, 0],
      ['B', 1, 100],
    ]);
    expect(byModel('linear')).toEqual([
      ['A', 0.5, 50],
      ['B', 0.5, 50],
    ]);
    expect(new Set(rows.map((r) => r.model)).size).toBe(8);
  });

  it('credits a conversion without touchpoints to direct', () => {
    const rows = attribute({ ts: T, value: null }, [click('old', 200)], defaultAttribution());
    expect(rows).toHaveLength(8);
    expect(
      rows.every(
        (r) => r.clickRowId === null && r.channel === 'direct' && r.credit === 1 && r.valueCredit === 0,
      ),
    ).toBe(true);
  });

  it('credits a known campaign instead of direct when the conversion names one but has no touchpoints', () => {
    const rows = attribute({ ts: T, value: 20 }, [], defaultAttribution(), {
      campaignId: 'camp-X',
      channel: 'paid',
    });
    expect(
      rows.every(
        (r) => r.campaignId === 'camp-X' && r.channel === 'paid' && r.credit === 1 && r.valueCredit === 20,
      ),
    ).toBe(true);
  });
});
