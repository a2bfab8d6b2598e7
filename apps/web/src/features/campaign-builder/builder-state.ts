import type { CampaignTemplate, LandingPage, UtmParams } from '@ocx/contracts';
import { trackedUrl, utmCampaignFromName } from '@ocx/core';

export interface BuilderState {
  name: string;
  confirmed: boolean;
  ocxid: string | null;
  network: string;
  source: string;
  landingPage: LandingPage | null;
  utm: Required<UtmParams>;
  params: Record<string, string>;
}

export const initialBuilder: BuilderState = {
  name: '',
  confirmed: false,
  ocxid: null,
  network: '',
  source: '',
  landingPage: null,
  utm: { source: '', medium: '', campaign: '', term: '', content: '' },
  params: {},
};

export type BuilderAction =
  | { type: 'name'; name: string }
  | { type: 'confirm'; ocxid: string }
  | { type: 'network'; network: string }
  | { type: 'source'; source: string }
  | { type: 'landingPage'; page: LandingPage }
  | { type: 'utm'; key: keyof UtmParams; value: string }
  | { type: 'params'; params: Record<string, string> }
  | { type: 'template'; template: CampaignTemplate };

/** The builder flow of spec §4. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'name':
      // Editing the name unconfirms it; the ocxid stays until the next confirmation replaces it.
      return { ...state, name: action.name, confirmed: false };
    case 'confirm': {
      const derived = utmCampaignFromName(state.name);
      return {
        ...state,
        confirmed: true,
        ocxid: action.ocxid,
        utm: { ...state.utm, campaign: state.utm.campaign || derived },
      };
    }
    case 'network':
      // Changing the network clears the chosen source.
      return {
        ...state,
        network: action.network,
        source: action.network === state.network ? state.source : '',
      };
    case 'source':
      return {
        ...state,
        source: action.source,
        utm: { ...state.utm, source: state.network.toLowerCase(), medium: action.source },
      };
    case 'landingPage':
      return { ...state, landingPage: action.page };
    case 'utm':
      return { ...state, utm: { ...state.utm, [action.key]: action.value } };
    case 'params':
      return { ...state, params: action.params };
    case 'template': {
      // Fills network, source, UTM and custom parameters; the ocxid is the campaign's own and stays.
      const t = action.template;
      return {
        ...state,
        network: t.network || state.network,
        source: t.source || state.source,
        utm: {
          source: t.utmParameters.source ?? '',
          medium: t.utmParameters.medium ?? '',
          campaign: t.utmParameters.campaign ?? '',
          term: t.utmParameters.term ?? '',
          content: t.utmParameters.content ?? '',
        },
        params: Object.fromEntries(Object.entries(t.customParameters).filter(([k]) => k !== 'ocxid')),
      };
    }
  }
}

/** The URL preview: ocxid first, then utm_source, utm_medium, utm_campaign, then custom parameters. */
export function previewUrl(state: BuilderState): string | null {
  if (!state.landingPage || !state.ocxid) return null;
  return trackedUrl({
    landingPage: state.landingPage.href,
    ocxid: state.ocxid,
    utmParams: state.utm,
    trackingParams: state.params,
  });
}

/** What Create Campaign needs (spec §5): network, source, landing page and a confirmed name. */
export function readyToCreate(state: BuilderState): boolean {
  return !!(
    state.network &&
    state.source &&
    state.landingPage &&
    state.name.trim() &&
    state.confirmed &&
    state.ocxid
  );
}
