import type { EventStore, FunnelEvent } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvent } from '../../test/ingest-event.fixture';
import type { FunnelEventRepository } from './funnel-event.repository';
import { containsPattern } from './funnel-event.sql';

interface FunnelEventsUnderTest {
  /** The backend's event store: the events are seeded as collect writes them. */
  store: EventStore;
  /** The repository under test, reading `pageSize` rows a page. */
  repository(pageSize: number): FunnelEventRepository;
  close(): Promise<void>;
}

/** The behaviour every FunnelEventRepository variant must show. */
export function describeFunnelEventContract(label: string, open: () => Promise<FunnelEventsUnderTest>) {
  describe(`FunnelEventRepository contract: ${label}`, () => {
    let subject: FunnelEventsUnderTest;
    beforeAll(async () => {
      subject = await open();
      const at = (
        ts: number,
        path: string,
        type: 'pageview' | 'click' = 'pageview',
        selector: string | null = null,
      ) =>
        ingestEvent({
          websiteId: 'site',
          visitorId: `v${ts}`,
          sessionId: `s${ts}`,
          ts,
          path,
          type,
          selector,
        });
      await subject.store.commit([
        at(10, '/pricing'),
        at(10, '/en/PRICING'), // same time as the one before: stored order decides
        at(20, '/about'),
        at(30, '/100%_off'),
        at(30, '/100xyoff'), // '%' and '_' are no wildcards
        at(40, '/pricing', 'click', '#buy'),
        at(50, '/x', 'click', '.other'),
        at(60, '/pricing'),
        at(70, '/pricing'), // outside [0, 70)
        { ...at(15, '/pricing'), websiteId: 'other-site' },
      ]);
    });
    afterAll(() => subject.close());

    async function read(pageSize: number, paths: string[], selectors: string[]) {
      const seen: FunnelEvent[] = [];
      await subject
        .repository(pageSize)
        .forEachFunnelEvent({ websiteId: 'site', start: 0, end: 70, paths, selectors }, (e) => seen.push(e));
      return seen.map((e) => `${e.ts}:${e.type}:${e.path}`);
    }

    it('returns matching pageviews (path contains, any case) and step clicks of the website in time order', async () => {
      const expected = [
        '10:pageview:/pricing',
        '10:pageview:/en/PRICING',
        '40:click:/pricing',
        '60:pageview:/pricing',
      ];
      expect(await read(1000, ['/pricing'], ['#buy'])).toEqual(expected);
      // Page by page, across rows with the same time, nothing is lost or repeated.
      expect(await read(1, ['/pricing'], ['#buy'])).toEqual(expected);
      expect(await read(2, ['/pricing'], ['#buy'])).toEqual(expected);
    });

    it('takes % and _ in a step path literally', async () => {
      expect(containsPattern('/100%_Off')).toBe('%/100\\%\\_off%');
      expect(await read(1000, ['/100%_off'], [])).toEqual(['30:pageview:/100%_off']);
      expect(await read(1000, [], [])).toEqual([]);
    });
  });
}
