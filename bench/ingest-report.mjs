// bench:ingest's report: the figures for people, then one machine-readable line (docs/decisions.md#performance-budgets).

const rateOf = (r) => (r ? Math.round(r.ok / r.seconds) : 0);
const perUnit = (cpu, count) => (cpu === null || !count ? 'n/a' : Math.round((cpu * 1e6) / count));
const machineLine = (m, per, unit) =>
  m
    ? `machine CPU (all processes, kernel included) ${m.busy.toFixed(2)} s, ${Math.round(m.share * 100)}% of the cores → ${per} µs per ${unit}`
    : 'machine CPU n/a';

/** Prints the OCX run beside the bare route's; returns the exit code (1 on loss or backlog). */
export function report(ocx, bare, settings) {
  const { run } = ocx;
  const eventsPerS = Math.round(run.ok / run.seconds);
  const bareReqPerS = Math.max(rateOf(bare.single), rateOf(bare.threaded));
  const bareBest = rateOf(bare.threaded) > rateOf(bare.single) ? bare.threaded : bare.single;
  const ratio = bareReqPerS > 0 ? eventsPerS / bareReqPerS : 0;
  const lost = ocx.missing.length;
  const ocxCpu = perUnit(ocx.cpu, run.ok);
  const bareCpu = perUnit(bare.single.cpu, bare.single.ok);
  // Both servers share the two cores with the load generator and the kernel's network work: when
  // both runs fill the cores, the ratio is about bare's machine CPU per request over OCX's per event.
  const ocxMachine = perUnit(ocx.machine?.busy ?? null, run.ok);
  const bareMachine = perUnit(bareBest?.machine?.busy ?? null, bareBest?.ok);

  console.log('');
  const where =
    settings.store === 'postgres'
      ? `PostgreSQL, ${settings.instances} app server${settings.instances > 1 ? 's' : ''}`
      : 'SQLite';
  console.log(`OCX collect (built server, ${where}, one event per request, one client thread)`);
  console.log(`  ${run.ok} × 2xx, ${run.non2xx} other answers in ${run.seconds} s → ${eventsPerS} events/s`);
  console.log(`  latency p50 ${run.p50} ms, p99 ${run.p99} ms; status codes ${JSON.stringify(run.statuses)}`);
  console.log(
    `  socket errors ${run.errors}, timeouts ${run.timeouts}, 2xx without storing ${run.notAccepted}`,
  );
  console.log(
    `  rows of the measured website ${ocx.stored} (all rows, warm-up included: ${ocx.totalRows}); ` +
      `acknowledged but not stored ${lost}`,
  );
  console.log(
    `  derived (sessions, clicks, conversions, rollups) ${ocx.deriveLagMs} ms after the last answer; ` +
      `events without a derived session ${ocx.underived}`,
  );
  const rowsPerConversion = ocx.credits.conversions ? ocx.credits.rows / ocx.credits.conversions : 0;
  const touchesPerConversion = ocx.credits.conversions
    ? ocx.credits.touchpoints / ocx.credits.conversions
    : 0;
  console.log(
    `  conversions waiting for credits when the load stopped ${ocx.uncredited}; all credited ${ocx.drainS} s ` +
      `after the last answer; ${ocx.credits.conversions} conversions, ${ocx.credits.rows} credit rows ` +
      `(${rowsPerConversion.toFixed(2)} per conversion, ${touchesPerConversion.toFixed(2)} touchpoints per conversion)`,
  );
  console.log(`  server ingest counters ${JSON.stringify(ocx.health)}`);
  console.log(
    `  server CPU (all threads${settings.store === 'postgres' ? ', every app server, PostgreSQL not counted' : ''}) ${ocx.cpu?.toFixed(2) ?? 'n/a'} s → ${ocxCpu} µs per event`,
  );
  console.log(`  ${machineLine(ocx.machine, ocxMachine, 'event')}`);
  console.log('bare Fastify (JSON.parse + 202), same bodies and connections');
  for (const [label, r] of [
    ['one client thread', bare.single],
    [`${settings.bareWorkers} client threads`, bare.threaded],
  ]) {
    if (!r) continue;
    console.log(
      `  ${label}: ${r.ok} × 2xx in ${r.seconds} s → ${rateOf(r)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
    );
    if (r.cpu !== undefined)
      console.log(`    server CPU ${r.cpu?.toFixed(2) ?? 'n/a'} s → ${bareCpu} µs per request`);
    console.log(`    ${machineLine(r.machine, perUnit(r.machine?.busy ?? null, r.ok), 'request')}`);
  }
  if (lost > 0)
    console.error(`LOST: ${lost} acknowledged events are not stored, e.g. ${ocx.missing.slice(0, 5)}`);
  if (ocx.underived > 0) console.error(`UNDERIVED: ${ocx.underived} stored events have no derived session`);
  if (settings.cpuProfDir) console.log(`CPU profile of the OCX server in ${settings.cpuProfDir}`);
  console.log('');
  console.log(
    `bench:ingest store=${settings.store ?? 'sqlite'} instances=${settings.instances ?? 1} events_per_s=${eventsPerS} p50_ms=${run.p50} p99_ms=${run.p99} ok=${run.ok} ` +
      `stored=${ocx.stored} lost=${lost} bare_req_per_s=${bareReqPerS} ratio=${ratio.toFixed(2)} ` +
      `cpu_us_per_event=${ocxCpu} bare_cpu_us_per_req=${bareCpu} ` +
      `machine_cpu_us_per_event=${ocxMachine} bare_machine_cpu_us_per_req=${bareMachine} ` +
      `derive_lag_ms=${ocx.deriveLagMs} uncredited=${ocx.uncredited} drain_s=${ocx.drainS} ` +
      `credit_rows_per_conversion=${rowsPerConversion.toFixed(2)}`,
  );
  // Crediting may run behind the answers, but must keep up: a drain over 5 s is a hidden backlog.
  if (ocx.drainS > 5) console.error(`BACKLOG: crediting took ${ocx.drainS} s to catch up (at most 5 s)`);
  return lost === 0 && run.notAccepted === 0 && ocx.underived === 0 && ocx.drainS <= 5 ? 0 : 1;
}
