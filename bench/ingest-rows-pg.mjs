// bench:ingest's look at a PostgreSQL schema (--store postgres): what the app servers stored and credited.
import pg from 'pg';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bench's own schema in BENCH_DATABASE_URL, and a client on it; drop() removes both. */
export async function benchSchema(url) {
  const schema = `ocx_bench_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`set search_path = ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  return {
    schema,
    client,
    /** DATABASE_URL for the app servers: the same database, this schema. */
    serverUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const count = async (client, text, values = []) => Number((await client.query(text, values)).rows[0].n);

/** Conversions stored and waiting for their credits (new ones, or ones whose path changed). */
export const pendingCredits = (client) =>
  count(client, 'select count(*) as n from conversion where followed_up in (0, 2)');

/** Waits until every stored conversion is credited (or marked as failed). */
export async function waitForCredits(client) {
  const startedAt = performance.now();
  while ((await pendingCredits(client)) > 0) {
    if (performance.now() - startedAt > 120_000) throw new Error('crediting did not catch up within 120 s');
    await sleep(20);
  }
}

/** The measured website's stored event ids and credits, every website's events, and underived events. */
export async function readRows(client, siteId) {
  const { rows } = await client.query(
    `select count(*) as conversions,
       (select count(*) from touch_credit a where a.website_id = $1) as rows,
       (select count(*) from touch_credit a where a.website_id = $1 and a.click_id is not null) as touchpoints
     from conversion where website_id = $1 and followed_up = 1`,
    [siteId],
  );
  const credits = {
    conversions: Number(rows[0].conversions),
    rows: Number(rows[0].rows),
    touchpoints: Number(rows[0].touchpoints),
  };
  const ids = await client.query('select event_id from event where website_id = $1', [siteId]);
  const storedIds = new Set(ids.rows.map((r) => r.event_id));
  const totalRows = await count(client, 'select count(*) as n from event');
  const underived = await count(
    client,
    `select count(*) as n from event e where not exists
       (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
  );
  return { credits, storedIds, totalRows, underived };
}
