// The baseline for `npm run bench:ingest`: a bare Fastify route that parses the same text/plain JSON
// bodies as the collect endpoint and answers 202 at once — no validation, no pipeline, no database.
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });

app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
  try {
    done(null, JSON.parse(String(body)));
  } catch {
    done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }));
  }
});

app.get('/api/health', async () => ({ status: 'ok' }));

app.post('/api/collect', async (req, reply) => {
  const events = Array.isArray(req.body?.events) ? req.body.events : [];
  return reply.code(202).send({ accepted: events.length, dropped: [] });
});

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port, host: '127.0.0.1' });
