import type { OrganizationService } from '../accounts/organization.service';
import { blockedPostbackUrl } from '../postbacks/postback-http';
import type { Wiring } from '../wiring';
import { ApiKeyService } from './api-key.service';
import { GoalService } from './goal.service';
import { WebsiteService } from './website.service';

/** Websites, their goals and API keys. */
export function wireWebsites(
  { repositories, config, backend, access, bus }: Wiring,
  organizations: OrganizationService,
) {
  return {
    websites: new WebsiteService(
      repositories.websites,
      repositories.goals,
      { publicUrl: config.publicUrl, scriptPath: config.trackerScriptPath, collectPath: config.collectPath },
      backend.events,
      access,
      bus,
      { refusal: (url) => (config.postbackAllowPrivate ? null : blockedPostbackUrl(url)) },
      organizations,
    ),
    goals: new GoalService(repositories.goals, repositories.conversions, access, bus),
    apiKeys: new ApiKeyService(repositories.apiKeys, access),
  };
}
