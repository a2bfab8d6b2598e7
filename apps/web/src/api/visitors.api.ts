import { api } from './client';

export type VisitorLookupKind = 'visitorId' | 'userId' | 'orderId';

/** How many rows of each kind are stored about one visitor id on a website. */
export interface VisitorCounts {
  visitorId: string;
  events: number;
  clicks: number;
  conversions: number;
  credits: number;
  identities: number;
  postbackDeliveries: number;
}

const base = (websiteId: string) => `/api/websites/${encodeURIComponent(websiteId)}`;

/** A visitor's rights (Website Config → Privacy): find, export (a download link), erase. */
export const visitorsApi = {
  find: (websiteId: string, kind: VisitorLookupKind, value: string) =>
    api<{ visitors: VisitorCounts[] }>(
      'GET',
      `${base(websiteId)}/visitors?${new URLSearchParams({ [kind]: value }).toString()}`,
    ),
  exportUrl: (websiteId: string, visitorId: string) =>
    `${base(websiteId)}/visitors/${encodeURIComponent(visitorId)}/export`,
  erase: (websiteId: string, visitorId: string) =>
    api<{ deleted: Omit<VisitorCounts, 'visitorId'> }>(
      'DELETE',
      `${base(websiteId)}/visitors/${encodeURIComponent(visitorId)}`,
    ),
};
