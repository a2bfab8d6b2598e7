import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses JSON (and other text) answers of 1 KB and more, brotli or gzip as the client accepts.
 * Brotli at quality 4: on the fly, 11 costs far more CPU for a few percent. Hashed assets are
 * compressed at build time (static.plugin), and routes opt out with `compress: false` where the
 * answer is tiny and hot (collect) or already encoded (tracker script). Request bodies are not
 * decompressed: no endpoint takes compressed uploads, and it would put an inflated size behind the
 * body limits.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
});
