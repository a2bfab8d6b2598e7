// Writes src/accounts/common-passwords.json: the common-password list of @zxcvbn-ts/language-common,
// lower-cased, only the entries long enough to pass the length rule (shorter ones are refused anyway).
// Run after upgrading that package: node packages/core/scripts/common-passwords.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const MIN_LENGTH = 10;
const source = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');
const list = JSON.parse(readFileSync(source, 'utf8'));
const kept = [...new Set(list.map((p) => p.toLowerCase()).filter((p) => p.length >= MIN_LENGTH))];
const target = new URL('../src/accounts/common-passwords.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(kept)}\n`);
console.log(`common-passwords.json: ${kept.length} of ${list.length} entries`);
