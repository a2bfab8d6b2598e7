import type {
  AdPlatformEntry,
  Campaign,
  CampaignPatch,
  CampaignTemplate,
  LandingPage,
  LandingPageStats,
  Network,
  NewCampaign,
  NewCampaignTemplate,
  NewLandingPage,
  NewNetwork,
  NewTrafficSource,
  TemplateCategory,
  TrafficSource,
} from '@ocx/contracts';
import { api } from './client';

const site = (websiteId: string) => `/api/websites/${encodeURIComponent(websiteId)}`;
const one = (id: string) => encodeURIComponent(id);

/** Input as typed in a form; the server fills the defaults. */
type In<T> = Partial<T> & { name: string };

/** Campaigns, networks, sources, landing pages and templates of a website (docs/decisions.md#fixed-interfaces). */
export const workspaceApi = {
  adPlatforms: () => api<AdPlatformEntry[]>('GET', '/api/ad-platforms'),

  campaigns: (websiteId: string) => api<Campaign[]>('GET', `${site(websiteId)}/campaigns`),
  proposeOcxid: (websiteId: string, name: string) =>
    api<{ ocxid: string }>('POST', `${site(websiteId)}/campaigns/ocxid`, { name }),
  createCampaign: (websiteId: string, input: In<NewCampaign>) =>
    api<Campaign>('POST', `${site(websiteId)}/campaigns`, input),
  updateCampaign: (websiteId: string, id: string, patch: CampaignPatch) =>
    api<Campaign>('PATCH', `${site(websiteId)}/campaigns/${one(id)}`, patch),
  removeCampaign: (websiteId: string, id: string) =>
    api<void>('DELETE', `${site(websiteId)}/campaigns/${one(id)}`),

  networks: (websiteId: string) => api<Network[]>('GET', `${site(websiteId)}/networks`),
  createNetwork: (websiteId: string, input: In<NewNetwork>) =>
    api<Network>('POST', `${site(websiteId)}/networks`, input),
  updateNetwork: (websiteId: string, id: string, input: In<NewNetwork>) =>
    api<Network>('PUT', `${site(websiteId)}/networks/${one(id)}`, input),
  removeNetwork: (websiteId: string, id: string) =>
    api<void>('DELETE', `${site(websiteId)}/networks/${one(id)}`),

  sources: (websiteId: string) => api<TrafficSource[]>('GET', `${site(websiteId)}/sources`),
  createSource: (websiteId: string, input: In<NewTrafficSource>) =>
    api<TrafficSource>('POST', `${site(websiteId)}/sources`, input),
  updateSource: (websiteId: string, id: string, input: In<NewTrafficSource>) =>
    api<TrafficSource>('PUT', `${site(websiteId)}/sources/${one(id)}`, input),
  removeSource: (websiteId: string, id: string) =>
    api<void>('DELETE', `${site(websiteId)}/sources/${one(id)}`),

  landingPages: (websiteId: string) => api<LandingPage[]>('GET', `${site(websiteId)}/landing-pages`),
  createLandingPage: (websiteId: string, input: In<NewLandingPage>) =>
    api<LandingPage>('POST', `${site(websiteId)}/landing-pages`, input),
  updateLandingPage: (websiteId: string, id: string, input: In<NewLandingPage>) =>
    api<LandingPage>('PUT', `${site(websiteId)}/landing-pages/${one(id)}`, input),
  removeLandingPage: (websiteId: string, id: string) =>
    api<void>('DELETE', `${site(websiteId)}/landing-pages/${one(id)}`),
  landingPageStats: (websiteId: string, id: string) =>
    api<LandingPageStats>('GET', `${site(websiteId)}/landing-pages/${one(id)}/stats`),

  templates: (websiteId: string, filter: { category?: TemplateCategory; network?: string } = {}) => {
    const query = new URLSearchParams();
    if (filter.category) query.set('category', filter.category);
    if (filter.network) query.set('network', filter.network);
    const qs = query.toString();
    return api<CampaignTemplate[]>('GET', `${site(websiteId)}/templates${qs ? `?${qs}` : ''}`);
  },
  createTemplate: (websiteId: string, input: In<NewCampaignTemplate>) =>
    api<CampaignTemplate>('POST', `${site(websiteId)}/templates`, input),
};
