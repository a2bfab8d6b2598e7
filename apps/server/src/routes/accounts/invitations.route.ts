import { InvitationParams, InvitationTokenParams, NewInvitation, OrganizationParams } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../current-user';

/** Invitations by email: sent, listed and revoked by owners and admins, accepted by the invitee. */
export const invitationsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/organizations/:id/invitations', { schema: { params: OrganizationParams } }, async (req) =>
    app.services.invitations.list(currentUser(req), req.params.id),
  );

  app.post(
    '/api/organizations/:id/invitations',
    { schema: { params: OrganizationParams, body: NewInvitation } },
    async (req, reply) => {
      const result = await app.services.invitations.invite(currentUser(req), req.params.id, req.body);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/organizations/:id/invitations/:invitationId',
    { schema: { params: InvitationParams } },
    async (req, reply) => {
      await app.services.invitations.revoke(currentUser(req), req.params.id, req.params.invitationId);
      return reply.code(204).send();
    },
  );

  app.post('/api/invitations/:token/accept', { schema: { params: InvitationTokenParams } }, async (req) =>
    app.services.invitations.accept(currentUser(req), req.params.token),
  );
};

/** The invitation link's page asks what it invites to before anyone signs in (the token is the secret). */
export const invitationPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/invitations/:token', { schema: { params: InvitationTokenParams } }, async (req) =>
    app.services.invitations.preview(req.params.token),
  );
};
