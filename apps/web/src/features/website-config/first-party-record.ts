interface FirstPartyRecord {
  type: 'CNAME' | 'A' | 'AAAA';
  /** What the record points at: OCX's host name, or its address. */
  target: string;
  /** OCX is reached by an address: a CNAME (which names a host) cannot point there. */
  byAddress: boolean;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** The DNS record that sends track.<domain> to OCX, from the host OCX is served on (its PUBLIC_URL). */
export function firstPartyRecord(ocxHost: string): FirstPartyRecord {
  const host = ocxHost.replace(/^\[|\]$/g, '');
  if (IPV4.test(host)) return { type: 'A', target: host, byAddress: true };
  if (host.includes(':')) return { type: 'AAAA', target: host, byAddress: true };
  return { type: 'CNAME', target: host, byAddress: false };
}

/** The record as a zone-file line, for the copy button; a host name ends with the root's dot. */
export function zoneLine(name: string, record: FirstPartyRecord): string {
  return `${name}. ${record.type} ${record.byAddress ? record.target : `${record.target}.`}`;
}
