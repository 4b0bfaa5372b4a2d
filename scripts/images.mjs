// Renders the pictures of docs/rendering.md ("Drawing the board") into docs/images/ with the built CLI:
// `npm run images` (which builds first). Each picture is one `dipkit render` run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const game = 'examples/games/handwritten-1901.json';
const pictures = [
  ['opening.png', ['examples/opening.txt', '--caption', 'the opening moves of all seven powers']],
  ['convoy.png', ['examples/convoy.txt', '--crop', '--caption', 'a convoy and a cut support']],
  ['paradox.png', ['examples/paradox.txt', '--crop', '--caption', "Pandin's paradox, DATC 6.F.16"]],
  ['retreat.png', [game, '--phase', 'F1901R', '--crop', '--caption', 'a retreat beside a standoff']],
  ['build.png', [game, '--phase', 'W1901A', '--crop', '--caption', 'builds, one too many for England']],
];
let failed = false;
for (const [name, args] of pictures) {
  const out = `docs/images/${name}`;
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', 'render', ...args, '--out', out], {
    cwd: root,
    encoding: 'utf8',
  });
  process.stderr.write(r.stderr);
  if (r.status !== 0) failed = true;
  process.stdout.write(`${r.status === 0 ? 'wrote' : 'FAILED'} ${out}\n`);
}
process.exitCode = failed ? 1 : 0;
