// A test-only ClickHouse HTTP interface over chDB (the ClickHouse engine embedded in a Node addon),
// so tests and benches drive the real `@clickhouse/client` against a real, current ClickHouse engine
// on this machine. Speaks the part of the HTTP protocol the client uses: GET /ping, POST with the
// query in the body (SELECT, DDL) or in `?query=` with the rows in the body (INSERT … FORMAT …),
// `param_*` query parameters (passed to the engine as given, so it parses them as a server would),
// and errors as a non-2xx status with ClickHouse's error text.
//
// Usage: node chdb-http-front.mjs <data dir> [port]   → prints `listening <port>` once ready; stops
// when its stdin closes (the parent ended) or on SIGTERM.
// chDB is not a dependency of any package (about 550 MB): scripts/install-chdb.sh puts it in
// <repo>/.chdb (CHDB_DIR overrides).

import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const chdbDir = process.env.CHDB_DIR ?? resolve(here, '../../../../../.chdb');
const requireChdb = createRequire(join(chdbDir, 'node_modules', 'chdb', 'package.json'));
const chdb = requireChdb('./index.js');
const native = requireChdb('./dist/loader.js').loadNative();

const [dataDir, portArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: chdb-http-front.mjs <data dir> [port]');
const session = new chdb.Session(dataDir);

/** Settings and transport keys in the URL that are not query parameters. */
const TRANSPORT = new Set(['query', 'query_id', 'database', 'session_id', 'default_format', 'role']);

let turn = Promise.resolve();
let current = 'default';
/** CHDB_FRONT_SLOW_MS: statements that ran at least this long are named on stderr (benches). */
const slowMs = Number(process.env.CHDB_FRONT_SLOW_MS ?? 0);
/**
 * One statement at a time: the embedded engine has one connection here, so the request's database
 * (`?database=`) becomes the current one just before its statement.
 */
function run(database, sql, format, params) {
  const asked = performance.now();
  const result = turn.then(async () => {
    if (database !== current) {
      if (!/^\w+$/.test(database)) throw new Error(`bad database name ${database}`);
      await native.QueryAsyncConnection(session.connection, `USE ${database}`, 'TabSeparated');
      current = database;
    }
    const started = performance.now();
    const answer = await native.QueryAsyncConnection(session.connection, sql, format, params);
    const took = performance.now() - started;
    if (slowMs > 0 && took >= slowMs)
      process.stderr.write(
        `chdb front: ${Math.round(took)} ms, after ${Math.round(started - asked)} ms in line: ${sql.replace(/\s+/g, ' ').slice(0, 300)}\n`,
      );
    return answer;
  });
  turn = result.catch(() => {});
  return result;
}

function settingsOf(url) {
  const settings = [];
  for (const [key, value] of url.searchParams) {
    if (TRANSPORT.has(key) || key.startsWith('param_')) continue;
    if (!/^[a-z0-9_]+$/i.test(key)) throw new Error(`bad setting name ${key}`);
    settings.push(`${key} = ${/^-?[0-9.]+$/.test(value) ? value : `'${value.replace(/[\\']/g, '\\$&')}'`}`);
  }
  return settings;
}

// Query parameters travel in the URL: allow what ClickHouse allows (http_max_uri_size, 1 MiB).
const server = createServer({ maxHeaderSize: 1024 * 1024 }, async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://front');
    if (url.pathname === '/ping') {
      res.end('Ok.\n');
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const inUrl = url.searchParams.get('query');
    // An INSERT names its table in the URL and sends the rows in the body, inline data to the engine.
    // The client's per-query settings become a SETTINGS clause: before an insert's FORMAT, after a query.
    const settings = settingsOf(url);
    const clause = settings.length > 0 ? ` SETTINGS ${settings.join(', ')} ` : '';
    const sql = inUrl
      ? `${inUrl.replace(/\s+FORMAT\s+/i, `${clause} FORMAT `)}\n${body}`
      : `${body.trimEnd().replace(/;$/, '')}\n${clause}`;
    const params = {};
    for (const [key, value] of url.searchParams)
      if (key.startsWith('param_')) params[key.slice('param_'.length)] = value;
    const format = /\bFORMAT\s+(\w+)\s*$/i.exec(body.trim())?.[1] ?? 'TabSeparated';
    const result = await run(url.searchParams.get('database') ?? 'default', sql, format, params);
    res.setHeader('X-ClickHouse-Query-Id', url.searchParams.get('query_id') ?? '');
    res.setHeader(
      'X-ClickHouse-Summary',
      JSON.stringify({ read_rows: String(result.rowsRead ?? 0), read_bytes: String(result.bytesRead ?? 0) }),
    );
    res.end(Buffer.from(result.bytes ?? []));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    res.statusCode = 500;
    res.setHeader('X-ClickHouse-Exception-Code', String(/Code: (\d+)/.exec(message)?.[1] ?? 1001));
    res.end(message.startsWith('Code:') ? message : `Code: 1001. DB::Exception: ${message}`);
  }
});

// Answers go out at once (no Nagle wait on the client's delayed ACK).
server.on('connection', (socket) => socket.setNoDelay(true));
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : portArg}\n`);
});

function stop() {
  server.close();
  turn.finally(() => {
    session.close();
    // A throwaway engine (tests, benches) takes its data along.
    if (process.env.CHDB_FRONT_TEMP === '1') rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent holds our stdin open: when it ends (however it ended), so do we — no orphaned engines.
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
