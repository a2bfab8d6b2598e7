/**
 * Zone math over the platform's IANA time-zone database (ECMA-402 `Intl.DateTimeFormat` with
 * `timeZone`, maintained with Node's ICU): the offset a zone has at an instant, and the wall clock
 * it shows. No offsets are written by hand; everything else in this folder is built on these two.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock the zone shows at instant `t`, as the epoch ms of that date and time in UTC. */
export function wallTime(timeZone: string, t: number): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t))) parts[p.type] = p.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall + (((t % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at instant `t`, in ms (Asia/Kathmandu: +5 h 45 min). */
export const zoneOffset = (timeZone: string, t: number): number => wallTime(timeZone, t) - t;

/** Whether the platform knows the zone by that IANA name. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

let known: Map<string, string> | undefined;

/**
 * An IANA name spelled as the database spells it ('asia/kolkata' → 'Asia/Kolkata'), or null for
 * a name the platform does not know.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!isTimeZone(trimmed)) return null;
  known ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => [z.toLowerCase(), z]));
  return known.get(trimmed.toLowerCase()) ?? trimmed;
}
