import type {
  Breakdown,
  BreakdownFilters,
  Dashboard,
  DashboardRange,
  NewShareLinkResult,
  ShareAccess,
  SharedWebsite,
  ShareLink,
} from '@ocx/contracts';
import { type BreakdownParams, breakdownQuery } from './breakdown.api';
import { api } from './client';

const site = (websiteId: string) => `/api/websites/${encodeURIComponent(websiteId)}/shares`;
const shared = (token: string) => `/api/share/${encodeURIComponent(token)}`;

/** Read-only dashboard links: managed in Website Config, opened by anyone with the link. */
export const shareApi = {
  list: (websiteId: string) => api<ShareLink[]>('GET', site(websiteId)),
  create: (websiteId: string, password: string | null) =>
    api<NewShareLinkResult>('POST', site(websiteId), { password }),
  revoke: (websiteId: string, shareId: string) =>
    api<void>('DELETE', `${site(websiteId)}/${encodeURIComponent(shareId)}`),
  describe: (token: string) => api<SharedWebsite>('GET', shared(token)),
  unlock: (token: string, password: string) =>
    api<ShareAccess>('POST', `${shared(token)}/unlock`, { password }),
  dashboard: (token: string, range: DashboardRange, filters: BreakdownFilters, access: string) =>
    api<Dashboard>(
      'GET',
      `${shared(token)}/dashboard?${new URLSearchParams({ range, ...filters }).toString()}`,
      undefined,
      proof(access),
    ),
  breakdown: (token: string, params: BreakdownParams, access: string) =>
    api<Breakdown>('GET', `${shared(token)}/breakdown?${breakdownQuery(params)}`, undefined, proof(access)),
};

const proof = (access: string): Record<string, string> => (access ? { 'x-share-access': access } : {});
