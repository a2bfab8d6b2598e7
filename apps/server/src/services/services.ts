import type { Database } from '../db/database';
import { GoalRepository } from '../storage/sql/goal.repository';
import { OrganizationRepository } from '../storage/sql/organization.repository';
import { WebsiteRepository } from '../storage/sql/website.repository';
import { GoalService } from './goal.service';
import { OrganizationService } from './organization.service';
import { type CurrentUser, WebsiteService } from './website.service';

export interface Services {
  websites: WebsiteService;
  goals: GoalService;
  organizations: OrganizationService;
}

export function createServices(database: Database, publicUrl: string): Services {
  const websiteRepository = new WebsiteRepository(database.db);
  const goalRepository = new GoalRepository(database.db);
  const websites = new WebsiteService(websiteRepository, goalRepository, publicUrl);
  return {
    websites,
    goals: new GoalService(goalRepository, websites),
    organizations: new OrganizationService(new OrganizationRepository(database.db)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** Set by the requireUser hook on routes that need a signed-in user. */
    user: CurrentUser | null;
  }
}
