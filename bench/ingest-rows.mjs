// bench:ingest's look at the server's SQLite file: what it stored, derived and credited.
import Database from 'better-sqlite3';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function withFile(file, fn) {
  const db = new Database(file, { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Conversions stored and waiting for their credits (new ones, or ones whose path changed). */
export function pendingCredits(file) {
  return withFile(file, (db) =>
    db.prepare('select count(*) from conversion where followed_up in (0, 2)').pluck().get(),
  );
}

/** Waits until every stored conversion is credited (or marked as failed). */
export async function waitForCredits(file) {
  const startedAt = performance.now();
  while (pendingCredits(file) > 0) {
    if (performance.now() - startedAt > 120_000) throw new Error('crediting did not catch up within 120 s');
    await sleep(20);
  }
}

/** Milliseconds until every stored event is derived (derive_mark reaches the newest event). */
export async function waitForDerivation(file) {
  const startedAt = performance.now();
  const db = new Database(file, { readonly: true });
  try {
    const caughtUp = db
      .prepare('select (select last_event_id from derive_mark) >= (select coalesce(max(id), 0) from event)')
      .pluck();
    while (!caughtUp.get()) {
      if (performance.now() - startedAt > 60_000) throw new Error('derivation did not catch up within 60 s');
      await sleep(5);
    }
  } finally {
    db.close();
  }
  return Math.round(performance.now() - startedAt);
}

/**
 * The measured website's stored event ids and credits, every website's events, and the events
 * without a derived session (there must be none).
 */
export function readRows(file, siteId) {
  return withFile(file, (db) => {
    // Credit rows per credited conversion of the website (settings version 1), beside the
    // touchpoints its paths have (one row per touchpoint: never more). A build from before
    // migration 0011 (BENCH_SERVER_MAIN) wrote a row per model to attribution_credit.
    const table = db.prepare("select name from sqlite_master where name = 'touch_credit'").pluck().get()
      ? 'touch_credit'
      : 'attribution_credit';
    const touchpoints =
      table === 'touch_credit'
        ? '(select count(*) from touch_credit a where a.website_id = @site and a.click_id is not null)'
        : "(select count(*) from attribution_credit a where a.website_id = @site and a.model = 'linear' and a.click_id is not null)";
    const credits = db
      .prepare(
        `select count(*) as conversions,
          (select count(*) from ${table} a where a.website_id = @site) as rows,
          ${touchpoints} as touchpoints
         from conversion where website_id = @site and followed_up = 1`,
      )
      .get({ site: siteId });
    const storedIds = new Set(
      db.prepare('select event_id from event where website_id = ?').pluck().all(siteId),
    );
    const totalRows = db.prepare('select count(*) from event').pluck().get();
    const underived = db
      .prepare(
        `select count(*) from event e where not exists
          (select 1 from visit v where v.website_id = e.website_id and v.session_id = e.session_id)`,
      )
      .pluck()
      .get();
    return { credits, storedIds, totalRows, underived };
  });
}
