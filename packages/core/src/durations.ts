/** Lengths of time in milliseconds, the unit of every timestamp in OCX. */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
/** A UTC day; a local day in a zone with daylight saving time may be an hour shorter or longer. */
export const DAY_MS = 86_400_000;
