#!/usr/bin/env bash
# Installs chDB (ClickHouse's engine as a Node addon, about 550 MB) into <repo>/.chdb for the
# ClickHouse tests and `npm run bench:query -- --store clickhouse`. It is in no package.json: a
# user's `npm install` never downloads it. .ci/run calls this; `npm test` fails without it.
set -euo pipefail
cd "$(dirname "$0")/.."
CHDB_VERSION=3.4.0
if [ -f .chdb/node_modules/chdb/package.json ] &&
  grep -q "\"version\": \"$CHDB_VERSION\"" .chdb/node_modules/chdb/package.json; then
  exit 0
fi
mkdir -p .chdb
# A package.json of its own, so npm installs here and not into the workspace above.
echo '{ "name": "ocx-chdb", "private": true }' > .chdb/package.json
started=$(date +%s)
npm install --prefix .chdb --no-save --no-audit --no-fund "chdb@$CHDB_VERSION"
echo "chdb $CHDB_VERSION installed in $(( $(date +%s) - started )) s"
