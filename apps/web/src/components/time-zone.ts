/** The browser's IANA time zone (what a new website's days follow), UTC when the browser says none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone's offset now as the platform writes it: 'GMT+05:45', 'GMT' for UTC. */
function zoneOffsetName(timeZone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** How a screen names a website's zone: 'Asia/Kathmandu (GMT+05:45)'. */
export const zoneLabel = (timeZone: string): string => `${timeZone} (${zoneOffsetName(timeZone)})`;

/** Every zone the browser knows, UTC first, for a picker. */
export function timeZoneNames(current: string): string[] {
  const names = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return names.includes(current) ? names : [current, ...names];
}
