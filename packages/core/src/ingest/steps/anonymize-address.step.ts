import type { Step } from '../ingest-types';
import { anonymizeIp } from '../ip';

/** A website that asks for it stores the address without its last part (IPv4 /24, IPv6 /48). */
export const anonymizeAddress: Step = (event) =>
  event.website?.ipAnonymization ? { ...event, ip: anonymizeIp(event.ip) } : event;
