// Writes src/features/dashboard/world-map.json: one SVG path per country, keyed by its ISO 3166-1
// alpha-2 code (the code OCX stores), from Natural Earth's 1:110m countries (world-atlas, public
// domain) in the Equal Earth projection, rounded to whole units of the view box. Run again after a
// world-atlas update: `node apps/web/scripts/world-map.generate.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoEqualEarth, geoPath } from 'd3-geo';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const WIDTH = 960;
const HEIGHT = 470;
const ANTARCTICA = '010';

const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));
const world = feature(topology, topology.objects.countries);
const shapes = world.features.filter((f) => f.id !== ANTARCTICA);
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'FeatureCollection', features: shapes });
const path = geoPath(projection).digits(0);

/** Drops the points that rounding made equal to the one before (a third of them at this scale). */
function compact(d) {
  let last = '';
  return d.replace(/([ML])(-?\d+,-?\d+)|Z/g, (token, command, point) => {
    if (token === 'Z') {
      last = '';
      return token;
    }
    if (command === 'L' && point === last) return '';
    last = point;
    return token;
  });
}

const rows = [];
for (const shape of shapes) {
  const code = shape.id === undefined ? undefined : countries.numericToAlpha2(shape.id);
  const d = path(shape);
  // A few disputed areas have no ISO code in the atlas: they stay grey land without a row.
  if (d) rows.push([code ?? '', compact(d)]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));

// Data, not code: one JSON file the map's chunk imports (the Map tab loads it with the component).
const out = `${JSON.stringify({ viewBox: `0 0 ${WIDTH} ${HEIGHT}`, countries: rows })}\n`;
const target = new URL('../src/features/dashboard/world-map.json', import.meta.url);
writeFileSync(target, out);
console.log(`world map: ${rows.length} countries, ${out.length} bytes`);
