import type {
  ApiKey,
  AttributionReport,
  AttributionStatus,
  NewApiKeyResult,
  PostbackDelivery,
} from '@ocx/contracts';
import { api } from './client';

const site = (websiteId: string) => `/api/websites/${encodeURIComponent(websiteId)}`;

/** A report range; both ends ISO, the server defaults to the last 30 days up to now. */
interface ReportRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** API keys, postback deliveries, the attribution recompute and the attribution report (docs/decisions.md#fixed-interfaces). */
export const integrationsApi = {
  apiKeys: (websiteId: string) => api<ApiKey[]>('GET', `${site(websiteId)}/api-keys`),
  createApiKey: (websiteId: string, name: string) =>
    api<NewApiKeyResult>('POST', `${site(websiteId)}/api-keys`, { name }),
  revokeApiKey: (websiteId: string, keyId: string) =>
    api<void>('DELETE', `${site(websiteId)}/api-keys/${encodeURIComponent(keyId)}`),
  postbacks: (websiteId: string) => api<PostbackDelivery[]>('GET', `${site(websiteId)}/postbacks`),
  attributionStatus: (websiteId: string) =>
    api<AttributionStatus>('GET', `${site(websiteId)}/attribution-status`),
  attributionReport: (websiteId: string, range: ReportRange = {}) => {
    const query = new URLSearchParams({ websiteId });
    if (range.startDate) query.set('startDate', range.startDate);
    if (range.endDate) query.set('endDate', range.endDate);
    return api<AttributionReport>('GET', `/api/reports/attribution?${query}`);
  },
};
