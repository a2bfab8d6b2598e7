import { DeleteAccountRequest } from '@ocx/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../errors';
import { closeToTokens } from '../../plugins/bearer-token';
import { currentUser } from '../current-user';

const SessionParams = z.object({ id: z.string().min(1).max(200) });

/** The signed-in user's sessions, dev outbox and account deletion (profile page). */
export const accountRoute: FastifyPluginAsyncZod = async (app) => {
  closeToTokens(app);
  app.get('/api/account/sessions', async (req) =>
    app.services.accounts.sessions(currentUser(req), req.sessionId),
  );

  app.delete('/api/account/sessions/:id', { schema: { params: SessionParams } }, async (req, reply) => {
    await app.services.accounts.revokeSession(currentUser(req), req.params.id); // NotFound: not one of theirs
    return reply.code(204).send();
  });

  // Without SMTP: the user's own mails that stayed on the server (the verification link among them).
  app.get('/api/account/outbox', async (req) => app.services.outbox.forUser(currentUser(req)));

  app.get('/api/account/deletion', async (req) => app.services.accounts.deletionPreview(currentUser(req)));

  app.post('/api/account/delete', { schema: { body: DeleteAccountRequest } }, async (req, reply) => {
    if (!(await app.verifyPassword(req, req.body.password)))
      throw new ValidationError('Invalid password', 'password');
    // 400: an organization would lose its only owner; 409: Stripe refused to cancel, or members changed.
    await app.services.accounts.deleteAccount(currentUser(req), {
      transferOwnership: req.body.transferOwnership === true,
    });
    return reply.code(204).send();
  });
};
