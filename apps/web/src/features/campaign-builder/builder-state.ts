import { schemaResolver } from '@mantine/form';
import { type CampaignTemplate, type LandingPage, NewCampaign, type UtmParams } from '@ocx/contracts';
import { type FollowingUtmKey, trackedUrl, UTM_FOLLOWS, utmWithCampaignDefault } from '@ocx/core';
import { followUtm } from '../../components/campaigns/utm-follow';

export interface BuilderState {
  name: string;
  confirmed: boolean;
  ocxid: string | null;
  network: string;
  source: string;
  landingPage: LandingPage | null;
  utm: Required<UtmParams>;
  /**
   * The UTM tags someone typed: they keep their value when the name, network or source change.
   * The others follow them (utm_campaign the name, utm_source the network, utm_medium the source).
   */
  typed: FollowingUtmKey[];
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
  typed: [],
  params: {},
};

export type BuilderAction =
  | { type: 'name'; name: string }
  | { type: 'confirm'; ocxid: string }
  | { type: 'network'; network: string }
  | { type: 'source'; source: string }
  | { type: 'landingPage'; page: LandingPage }
  | { type: 'utm'; key: keyof UtmParams; value: string }
  /** Stop keeping a typed tag: it follows its name, network or source again. */
  | { type: 'follow'; key: FollowingUtmKey }
  | { type: 'params'; params: Record<string, string> }
  | { type: 'template'; template: CampaignTemplate };

const follows = (key: keyof UtmParams): key is FollowingUtmKey => key in UTM_FOLLOWS;

/** The state with `keys` following what they follow (typed ones stay). */
const following = (state: BuilderState, keys: FollowingUtmKey[]): BuilderState => ({
  ...state,
  utm: followUtm(state.utm, state.typed, state, keys),
});

/** The builder flow of spec §4; what the link shows is always what the fields say. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'name':
      // Editing the name unconfirms it; the ocxid stays until the next confirmation replaces it.
      return following({ ...state, name: action.name, confirmed: false }, ['campaign']);
    case 'confirm':
      return { ...state, confirmed: true, ocxid: action.ocxid };
    case 'network': {
      // Changing the network clears the chosen source, and the medium that followed it.
      const source = action.network === state.network ? state.source : '';
      return following({ ...state, network: action.network, source }, ['source', 'medium']);
    }
    case 'source':
      return following({ ...state, source: action.source }, ['medium']);
    case 'landingPage':
      return { ...state, landingPage: action.page };
    case 'utm':
      return {
        ...state,
        utm: { ...state.utm, [action.key]: action.value },
        typed:
          follows(action.key) && !state.typed.includes(action.key)
            ? [...state.typed, action.key]
            : state.typed,
      };
    case 'follow':
      return following({ ...state, typed: state.typed.filter((k) => k !== action.key) }, [action.key]);
    case 'params':
      return { ...state, params: action.params };
    case 'template':
      return applyTemplate(state, action.template);
  }
}

/**
 * Fills network, source, UTM tags and custom parameters; the ocxid is the campaign's own and stays.
 * utm_campaign stays the campaign's too: a template serves many campaigns, and its campaign tag
 * (often another campaign's, saved from it) would make them one in every report.
 */
function applyTemplate(state: BuilderState, t: CampaignTemplate): BuilderState {
  const chosen = {
    ...state,
    network: t.network || state.network,
    source: t.source || state.source,
    // Choosing a template chooses its tags: tags typed before give way to them.
    typed: state.typed.filter((k) => k === 'campaign'),
  };
  const followed = followUtm(chosen.utm, chosen.typed, chosen, ['source', 'medium']);
  return {
    ...chosen,
    utm: {
      source: t.utmParameters.source || followed.source,
      medium: t.utmParameters.medium || followed.medium,
      campaign: state.utm.campaign,
      term: t.utmParameters.term ?? '',
      content: t.utmParameters.content ?? '',
    },
    params: Object.fromEntries(Object.entries(t.customParameters).filter(([k]) => k !== 'ocxid')),
  };
}

/** What Create Campaign sends: the same values the preview is made of (an empty UTM Campaign is the name's). */
export function campaignBody(state: BuilderState): NewCampaign {
  const name = state.name.trim();
  return {
    name,
    network: state.network,
    source: state.source,
    landingPage: state.landingPage?.href ?? '',
    utmParams: utmWithCampaignDefault(state.utm, name),
    trackingParams: state.params,
    ...(state.ocxid ? { ocxid: state.ocxid } : {}),
  };
}

/** The URL preview: ocxid first, then utm_source, utm_medium, utm_campaign, then custom parameters. */
export function previewUrl(state: BuilderState): string | null {
  if (!state.landingPage || !state.ocxid) return null;
  const body = campaignBody(state);
  return trackedUrl({ ...body, ocxid: state.ocxid });
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

const campaignErrors = schemaResolver(NewCampaign, { sync: true });

/**
 * Every field the server would refuse, with the server's words, at the builder's field for it
 * (`name`, `utm.source`, `params`), all at once before anything is sent.
 */
export function builderErrors(state: BuilderState): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(campaignErrors(campaignBody(state)))) {
    const field = path.startsWith('utmParams.')
      ? `utm.${path.slice('utmParams.'.length)}`
      : path.startsWith('trackingParams')
        ? 'params'
        : path;
    errors[field] ??= String(message);
  }
  return errors;
}
