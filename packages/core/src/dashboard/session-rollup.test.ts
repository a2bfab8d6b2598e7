import { describe, expect, it } from 'vitest';
import type { IngestEvent } from '../ingest/ingest-types';
import {
  SESSION_SEEN_STEP_MS,
  type StoredSession,
  sessionHourOf,
  sessionRollupDelta,
} from './session-rollup';

const T = Date.parse('2026-05-04T10:20:00.000Z');
const HOUR = Date.parse('2026-05-04T10:00:00.000Z');

function event(over: Partial<IngestEvent>): IngestEvent {
  return {
    type: 'pageview',
    sessionId: 's',
    visitorId: 'v',
    ts: T,
    path: '/',
    referrerDomain: null,
    channel: 'direct',
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    campaignId: null,
    ...over,
  } as IngestEvent;
}

function stored(over: Partial<StoredSession> = {}): StoredSession {
  return {
    started: T,
    lastSeen: T,
    referrer_domain: 'www.google.com',
    channel: 'organic',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    campaign_id: null,
    entry: '/',
    entryTs: T,
    exit_path: '/',
    exitTs: T,
    pageviews: 1,
    visitors: new Set(['v']),
    ...over,
  };
}

describe('session rollups', () => {
  it('keys pageviews by the UTC hour of the session start', () => {
    expect(sessionHourOf(T)).toBe(HOUR);
    expect(sessionHourOf(HOUR)).toBe(HOUR);
  });

  it("writes a new session's first values, its visitors' rows and its pageviews per value", () => {
    const delta = sessionRollupDelta(
      [
        event({ type: 'custom', path: '/x', referrerDomain: 't.co', channel: 'social', ts: T }),
        event({ path: '/a', ts: T + 1000 }),
        event({ path: '/b', ts: T + 2000 }),
      ],
      new Map(),
    );
    expect(delta.sessions).toHaveLength(1);
    expect(delta.sessions[0]?.values).toMatchObject({
      started: T,
      referrer_domain: 't.co',
      entry: '/a',
      exit_path: '/b',
      exitTs: T + 2000,
      pageviews: 2,
    });
    expect(delta.visitors.map((v) => `${v.dimension}=${v.value}`).sort()).toEqual([
      'channel=social',
      'entry_page=/a',
      'exit_page=/b',
      'referrer=t.co',
    ]);
    expect(delta.hours.find((h) => h.dimension === 'referrer')).toEqual({
      dimension: 'referrer',
      hour: HOUR,
      value: 't.co',
      pageviews: 2,
    });
    expect(delta.recounts).toEqual([]);
  });

  it('writes only its count and exit for a session that merely continues on the same page within its step', () => {
    const delta = sessionRollupDelta([event({ ts: T + 60_000 })], new Map([['s', stored()]]));
    expect(delta.sessions.map((s) => s.values)).toEqual([
      expect.objectContaining({ lastSeen: T, exit_path: '/', exitTs: T + 60_000, pageviews: 2 }),
    ]);
    expect(delta.visitors).toEqual([]);
    expect(delta.recounts).toEqual([]);
    expect(delta.hours.map((h) => [h.dimension, h.pageviews])).toEqual([
      ['referrer', 1],
      ['channel', 1],
      ['entry_page', 1],
      ['exit_page', 1],
    ]);
    const custom = sessionRollupDelta(
      [event({ type: 'custom', ts: T + 60_000 })],
      new Map([['s', stored()]]),
    );
    expect(custom.sessions).toEqual([]);
    const later = sessionRollupDelta([event({ ts: T + SESSION_SEEN_STEP_MS })], new Map([['s', stored()]]));
    expect(later.sessions.map((s) => s.values.lastSeen)).toEqual([T + SESSION_SEEN_STEP_MS]);
  });

  it("moves a session's pageviews to its new exit page, and its visitors: recounted at the old, seen at the new", () => {
    const existing = new Map([['s', stored({ exit_path: '/a', exitTs: T + 1000, pageviews: 2 })]]);
    const delta = sessionRollupDelta([event({ path: '/b', ts: T + 5000 })], existing);
    expect(delta.hours.filter((h) => h.dimension === 'exit_page')).toEqual([
      { dimension: 'exit_page', hour: HOUR, value: '/a', pageviews: -2 },
      { dimension: 'exit_page', hour: HOUR, value: '/b', pageviews: 3 },
    ]);
    expect(delta.recounts).toEqual([{ dimension: 'exit_page', value: '/a', visitorId: 'v' }]);
    expect(delta.visitors).toEqual([{ dimension: 'exit_page', value: '/b', visitorId: 'v', started: T }]);
    // A pageview earlier than the exit, arriving late, counts but leaves the exit.
    const late = sessionRollupDelta([event({ path: '/c', ts: T + 500 })], existing);
    expect(late.sessions[0]?.values).toMatchObject({ exit_path: '/a', exitTs: T + 1000, pageviews: 3 });
    expect(late.hours.filter((h) => h.dimension === 'exit_page')).toEqual([
      { dimension: 'exit_page', hour: HOUR, value: '/a', pageviews: 1 },
    ]);
    expect(late.recounts).toEqual([]);
  });

  it('re-keys a session an earlier event reaches late: its pageviews move, its visitors are recounted', () => {
    const early = event({ path: '/early', ts: T - 60_000, referrerDomain: 'duckduckgo.com' });
    const existing = new Map([['s', stored({ pageviews: 3 })]]);
    const delta = sessionRollupDelta([early], existing);
    expect(delta.sessions[0]?.values).toMatchObject({
      started: T - 60_000,
      referrer_domain: 'duckduckgo.com',
      channel: 'direct',
      entry: '/early',
    });
    const referrer = delta.hours.filter((h) => h.dimension === 'referrer');
    expect(referrer).toEqual([
      { dimension: 'referrer', hour: HOUR, value: 'www.google.com', pageviews: -3 },
      { dimension: 'referrer', hour: HOUR, value: 'duckduckgo.com', pageviews: 4 },
    ]);
    expect(delta.recounts.filter((r) => r.dimension === 'referrer').map((r) => r.value)).toEqual([
      'www.google.com',
      'duckduckgo.com',
    ]);
  });
});
