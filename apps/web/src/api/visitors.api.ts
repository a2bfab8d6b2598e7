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

/** One entry of the erasure log: who erased which visitor (first characters only), when, how many rows. */
export interface VisitorErasure {
  id: string;
  /** 'user:<id>' or 'api-key'. */
  erasedBy: string;
  /** The member's email while they have an account; null for the API key. */
  erasedByEmail: string | null;
  erasedAt: string;
  /** The erased visitor id's first characters; null in entries made before they were kept. */
  visitorRef: string | null;
  foundBy: VisitorLookupKind | null;
  counts: Omit<VisitorCounts, 'visitorId'>;
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
  /** `foundBy`: what found the visitor, kept in the erasure log. */
  erase: (websiteId: string, visitorId: string, foundBy: VisitorLookupKind) =>
    api<{ deleted: Omit<VisitorCounts, 'visitorId'> }>(
      'DELETE',
      `${base(websiteId)}/visitors/${encodeURIComponent(visitorId)}?foundBy=${foundBy}`,
    ),
  erasures: (websiteId: string) => api<VisitorErasure[]>('GET', `${base(websiteId)}/visitor-erasures`),
};
