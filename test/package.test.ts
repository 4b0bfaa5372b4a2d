/**
 * dipkit used from another project: the packed tarball and a git URL install into an empty folder
 * give a package whose entry points import and whose `dipkit` command runs. npm installs preferring its cache,
 * from the tarball or the local clone, and dipkit has no runtime dependencies (its dev dependencies, needed by
 * the git install's prepare step, are mostly in npm's cache since this checkout's own `npm ci`; what is not, such
 * as a package description, comes from the registry).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, tempDir } from './cli-run.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 600_000 });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** An empty project in `dir` that installs `spec` offline, then uses dipkit as a user would. */
function installAndUse(dir: string, spec: string): void {
  writeFileSync(
    join(dir, 'package.json'),
    '{ "name": "user", "version": "1.0.0", "private": true, "type": "module" }\n',
  );
  run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', spec], dir);
  const script =
    "import { standardMap } from 'dipkit';" +
    "import { BatchAdjudicator } from 'dipkit/batch';" +
    "import { playRandomGame } from 'dipkit/random-player';" +
    "import { createBot } from 'dipkit/bot';" +
    "import { mapTokens } from 'dipkit/daide';" +
    'console.log(standardMap().provinceCount, typeof BatchAdjudicator, typeof playRandomGame, typeof createBot, mapTokens(standardMap()).mapName);';
  assert.equal(
    run(process.execPath, ['--input-type=module', '-e', script], dir),
    '75 function function function standard\n',
  );
  assert.equal(run('npx', ['--offline', '--no-install', 'dipkit', '--version'], dir), `dipkit ${version}\n`);
}

void test('npm pack: the tarball installs into an empty folder; import and npx dipkit work', (t) => {
  const dir = tempDir(t);
  // The tests run from the built dist/, so the tarball is packed as built (no prepare step rebuilding it).
  const name =
    run(npm, ['pack', '--ignore-scripts', '--pack-destination', dir], root).trim().split('\n').pop() ?? '';
  const project = join(dir, 'project');
  mkdirSync(project);
  installAndUse(project, join(dir, name));
});

void test('a git+file:// URL installs a built package (the prepare step builds dist/)', (t) => {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    t.skip('not a git checkout (or no git): a git URL cannot be tried');
    return;
  }
  installAndUse(tempDir(t), `git+file://${root.replace(/\/$/, '')}#${commit}`);
});
