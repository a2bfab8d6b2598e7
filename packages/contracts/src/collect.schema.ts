import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE, withoutNul } from './text.schema';

/** Visitor, session and event ids the tracker makes: URL-safe, 8–64 characters. */
const TrackerId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8–64 letters, digits, _ or -');

export const collectEventTypes = ['pageview', 'click', 'custom', 'identify', 'consent'] as const;

/** Text that names or identifies something: a NUL in it makes the event invalid. */
const Text = (max: number) => z.string().min(1).max(max).refine(hasNoNul, NUL_MESSAGE);

const PropValue = z.union([
  z.string().max(500).refine(hasNoNul, NUL_MESSAGE),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

/** One event of a collect batch (docs/decisions.md#fixed-interfaces). Checked one by one: a bad event is dropped, not the batch. */
export const CollectEvent = z
  .object({
    type: z.enum(collectEventTypes),
    url: Text(4096),
    // Long titles and referrers are cut rather than refused: they only describe the event.
    referrer: z
      .string()
      .transform((r) => withoutNul(r).slice(0, 2048))
      .optional(),
    title: z
      .string()
      .transform((t) => withoutNul(t).slice(0, 512))
      .optional(),
    name: Text(200).optional(),
    selector: Text(512).optional(),
    value: z.number().finite().min(0).max(1e12).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
      .optional(),
    props: z
      .record(z.string().max(100).refine(hasNoNul, NUL_MESSAGE), PropValue)
      .refine((p) => Object.keys(p).length <= 50, 'at most 50 props')
      .optional(),
    userId: Text(200).optional(),
    /** consent events: the visitor granted (the tracker sends only grants, with the new visitor id). */
    granted: z.boolean().optional(),
    /**
     * Absent before consent (consent mode 'require'): the server then derives a daily-hash visitor
     * and session. An event that carries one is taken as consented.
     */
    visitorId: TrackerId.optional(),
    sessionId: TrackerId.optional(),
    eventId: TrackerId,
    ts: z.number().int().nonnegative().optional(),
    /** The screen's width in CSS pixels (screen.width): only its class is stored (core screenClass). */
    sw: z.number().nonnegative().max(1e5).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'custom' && !e.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'a custom event needs a name' });
    if (e.type === 'click' && !e.selector)
      ctx.addIssue({ code: 'custom', path: ['selector'], message: 'a click event needs a selector' });
    if (e.visitorId && !e.sessionId)
      ctx.addIssue({ code: 'custom', path: ['sessionId'], message: 'a visitorId needs a sessionId' });
    if (e.type === 'consent' && e.granted === undefined)
      ctx.addIssue({ code: 'custom', path: ['granted'], message: 'a consent event needs granted' });
    if (e.type === 'identify' && !e.userId)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'identify needs a userId' });
  });
export type CollectEvent = z.infer<typeof CollectEvent>;

export const MAX_EVENTS_PER_BATCH = 100;
export const MAX_COLLECT_BODY_BYTES = 64 * 1024;

/** The envelope; its events are validated one by one with CollectEvent. */
export const CollectBody = z.object({
  site: z.string().min(1, 'site is required').max(64).refine(hasNoNul, `site ${NUL_MESSAGE}`),
  events: z.array(z.unknown()).min(1, 'events must not be empty').max(MAX_EVENTS_PER_BATCH),
});
export type CollectBody = z.infer<typeof CollectBody>;

export interface CollectResult {
  accepted: number;
  dropped: { index: number; reason: string }[];
}

/**
 * POST /api/websites/{id}/test-event: whether the Event Test's event went through the pipeline,
 * and why not (`reason` is the drop reason collect counts) in words to show at once.
 */
export interface TestEventResult {
  stored: boolean;
  reason: string | null;
  message: string;
}

/**
 * GET {collectPath}/config?site=… — public and cacheable: nothing in it is private. Keys are short
 * because the tracker that reads them must stay under 1,500 bytes gzipped.
 */
export interface TrackerConfig {
  site: string;
  /** Cookie domain, '.example.com': the visitor id is shared by the root domain and its subdomains. */
  cd: string;
  /** Visitor cookie lifetime in days = the attribution window. */
  cw: number;
  /** regviewonce: one pageview per page per session. */
  ro: boolean;
  /** Other domains whose links carry the visitor id (empty when cross-domain tracking is off). */
  xd: string[];
  /** CSS selectors whose clicks are sent as click events (click goals and funnel steps). */
  cs: string[];
  /** Cross-device tracking: the site's ocx('identify', userId) calls link visitors. */
  xv: boolean;
  /**
   * 1: consent mode 'none', the visitor id goes on the device from the first pageview. 0: the
   * browser refused (Global Privacy Control, or Do-Not-Track when the website asks), even an
   * earlier grant's cookie does not count. Absent (consent mode 'require', or no config): nothing
   * goes on the device until ocx('consent', true) or while an earlier grant's cookie is there.
   */
  cn?: 0 | 1;
  /**
   * The website has click selectors or cross domains, or waits for consent: the tracker loads its
   * extras (x.js) for them (the consent manager reader among them).
   */
  x?: 1;
}
