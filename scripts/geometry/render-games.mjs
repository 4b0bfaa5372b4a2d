// Draws each variant with art at the start and at a late movement phase of its recorded godip game
// (test/data/variants/games/ID.txt), each through `dipkit render` from a position-and-orders file, to PNGs for
// looking at: labels legible, units where they belong, orders readable.
//
//   npm run build && node scripts/geometry/render-games.mjs [OUTDIR] [ID ...]     (default /tmp/variant-boards)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const root = new URL('../../', import.meta.url);
const dist = (path) => import(new URL(`dist/src/${path}`, root).href);
const { bundledMap } = await dist('map/registry.js');
const { mapsWithArt } = await dist('render/art.js');
const { readGodipGame } = await dist('formats/godip-game.js');
const { writePositionText } = await dist('formats/position-text.js');

const out = process.argv[2] ?? '/tmp/variant-boards';
const wanted = process.argv.slice(3);
mkdirSync(out, { recursive: true });
for (const id of mapsWithArt()) {
  if (id === 'standard' || (wanted.length && !wanted.includes(id))) continue;
  const map = bundledMap(id);
  const text = readFileSync(new URL(`test/data/variants/games/${id}.txt`, root), 'utf8');
  const game = readGodipGame(map, text).value;
  const movements = game.phases.filter((p) => p.position.phase.type === 'movement');
  const late = movements[Math.max(0, Math.floor(movements.length * 0.8))];
  for (const [name, phase] of [['start', game.phases[0]], ['late', late]]) {
    const file = `${out}/${id}-${name}.txt`;
    const orders = phase.orders.map((o) => `  ${o.power}: ${o.text}`).join('\n');
    writeFileSync(file, `${writePositionText(map, phase.position)}orders:\n${orders}\n`);
    const png = `${out}/${id}-${name}.png`;
    const r = spawnSync(process.execPath, [new URL('dist/src/cli/main.js', root).pathname, 'render', file, '--out', png], { encoding: 'utf8' });
    process.stdout.write(`${r.status === 0 ? 'wrote' : 'FAILED'} ${png} (${phase.name})\n${r.stderr}`);
  }
}
