// The setupRequest module autocannon's worker threads load (`workers` option): the traffic of
// traffic.cjs for the site in BENCH_TRAFFIC, with the thread id in every eventId so threads never collide.
const { threadId } = require('node:worker_threads');
const { collectRequest, createTraffic } = require('./traffic.cjs');

const options = JSON.parse(process.env.BENCH_TRAFFIC ?? '{}');

module.exports = collectRequest(
  createTraffic({
    siteId: options.siteId ?? 'unknown-site',
    ocxid: options.ocxid ?? 'unknown0',
    seed: (options.seed ?? 1) + threadId,
    tag: `${options.tag ?? 'x'}${threadId}`,
  }),
);
