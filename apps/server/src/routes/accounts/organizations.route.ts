import {
  MemberParams,
  MemberRoleChange,
  NewMember,
  OrganizationParams,
  OrganizationQuery,
} from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** The user's organizations, their members, and the plan limits and usage the Billing screen shows. */
export const organizationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/organizations', async (req) => app.services.organizations.list(currentUser(req)));

  app.get('/api/organizations/:id/members', { schema: { params: OrganizationParams } }, async (req) =>
    app.services.organizations.members(currentUser(req), req.params.id),
  );

  // Kept for API clients: adding by address sends an invitation, as POST …/invitations does.
  app.post(
    '/api/organizations/:id/members',
    { schema: { params: OrganizationParams, body: NewMember } },
    async (req, reply) => {
      const result = await app.services.invitations.invite(currentUser(req), req.params.id, req.body);
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/api/organizations/:id/members/:userId',
    { schema: { params: MemberParams, body: MemberRoleChange } },
    async (req) =>
      app.services.organizations.changeRole(currentUser(req), req.params.id, req.params.userId, req.body),
  );

  app.delete(
    '/api/organizations/:id/members/:userId',
    { schema: { params: MemberParams } },
    async (req, reply) => {
      await app.services.organizations.removeMember(currentUser(req), req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );

  app.post('/api/organizations/:id/leave', { schema: { params: OrganizationParams } }, async (req, reply) => {
    await app.services.organizations.leave(currentUser(req), req.params.id);
    return reply.code(204).send();
  });

  app.get('/api/billing/overview', { schema: { querystring: OrganizationQuery } }, async (req) =>
    app.services.organizations.overview(currentUser(req), req.query.organizationId),
  );
};
