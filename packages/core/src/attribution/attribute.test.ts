import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import {
  attribute,
  MAX_PATH_TOUCHPOINTS,
  selectTouchpoints,
  type TouchCredit,
  type Touchpoint,
} from './attribute';
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

describe('path length', () => {
  it('keeps the first touchpoint and the 99 most recent of a longer path', () => {
    const clicks = Array.from({ length: 250 }, (_, i) =>
      click(`c${String(i).padStart(3, '0')}`, 80 - i * 0.3),
    );
    const path = selectTouchpoints(clicks, T, 90);
    expect(path).toHaveLength(MAX_PATH_TOUCHPOINTS);
    expect(path[0]?.clickRowId).toBe('c000');
    expect(path[1]?.clickRowId).toBe('c151');
    expect(path.at(-1)?.clickRowId).toBe('c249');
  });
});

describe('attribute', () => {
  const settings = defaultAttribution();
  const column = (rows: TouchCredit[], model: AttributionModel) =>
    rows.map((r) => [r.campaignId, r.credit[model], r.value[model]]);

  it('gives every touchpoint its credit and value credit (minor units) under all eight models', () => {
    const rows = attribute({ ts: T, valueMinor: 10_000 }, [click('A', 10), click('B', 1)], settings);
    expect(rows.map((r) => [r.position, r.clickRowId])).toEqual([
      [0, 'A'],
      [1, 'B'],
    ]);
    expect(column(rows, 'first_touch')).toEqual([
      ['A', 1, 10_000],
      ['B', 0, 0],
    ]);
    expect(column(rows, 'last_touch')).toEqual([
      ['A', 0, 0],
      ['B', 1, 10_000],
    ]);
    expect(column(rows, 'linear')).toEqual([
      ['A', 0.5, 5000],
      ['B', 0.5, 5000],
    ]);
  });

  it('splits 100.00 linearly over three campaigns as 33.34 + 33.33 + 33.33', () => {
    const rows = attribute(
      { ts: T, valueMinor: 10_000 },
      [click('A', 3), click('B', 2), click('C', 1)],
      settings,
    );
    expect(rows.map((r) => r.value.linear)).toEqual([3334, 3333, 3333]);
  });

  it.each(attributionModels)(
    '%s: value credits add up to the value exactly for 1 to 15 touchpoints',
    (model) => {
      for (let n = 1; n <= 15; n++) {
        const clicks = Array.from({ length: n }, (_, i) => click(`t${i}`, 40 - i * 2.5));
        for (const valueMinor of [1, 999, 10_000, 123_457]) {
          const rows = attribute({ ts: T, valueMinor }, clicks, settings);
          expect(rows.reduce((sum, r) => sum + r.value[model], 0)).toBe(valueMinor);
          expect(rows.every((r) => Number.isInteger(r.value[model]))).toBe(true);
        }
      }
    },
  );

  it('gives W-shaped and U-shaped their own weights: the middle of three gets 0.4 and 0.2', () => {
    const rows = attribute(
      { ts: T, valueMinor: 1000 },
      [click('A', 3), click('B', 2), click('C', 1)],
      settings,
    );
    expect(rows.map((r) => r.credit.w_shaped)).toEqual([0.3, 0.4, 0.3]);
    expect(rows.map((r) => r.value.w_shaped)).toEqual([300, 400, 300]);
    expect(rows.map((r) => r.value.u_shaped)).toEqual([400, 200, 400]);
  });

  it('credits a conversion without touchpoints to direct', () => {
    const rows = attribute({ ts: T, valueMinor: null }, [click('old', 200)], settings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ position: 0, clickRowId: null, channel: 'direct', campaignId: null });
    for (const model of attributionModels) {
      expect(rows[0]?.credit[model]).toBe(1);
      expect(rows[0]?.value[model]).toBe(0);
    }
  });

  it('credits a known campaign instead of direct when the conversion names one but has no touchpoints', () => {
    const rows = attribute({ ts: T, valueMinor: 2000 }, [], settings, {
      campaignId: 'camp-X',
      channel: 'email',
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ campaignId: 'camp-X', channel: 'email' });
    expect(rows[0]?.value.time_decay).toBe(2000);
  });

  it('uses the window of the settings it is given: a click 30 days back counts under 90 days, not 7', () => {
    const clicks = [click('A', 30)];
    expect(attribute({ ts: T, valueMinor: 1 }, clicks, settings)[0]?.campaignId).toBe('A');
    expect(attribute({ ts: T, valueMinor: 1 }, clicks, { ...settings, window: 7 })[0]?.campaignId).toBeNull();
  });
});
