/**
 * `dipkit serve` refusing to start: one line with a code, exit 2 within 5 s, nothing changed. A second server on
 * one --data directory is refused (data-locked, naming the holder's process id) until the first is gone, even
 * killed with SIGKILL; then it starts and finds everything the first had written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, migrate } from '../src/index.js';
import { call } from './helpers.js';
import { serve, serveFails, stop } from './processes.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'dipkit-startup-'));
}

/**
 * One line on stderr, `dipkit serve: CODE  ...`, exit 2, within `ms` (5 s; more where the embedded database must
 * be opened first to find the fault, which takes seconds on a busy machine).
 */
function assertRefused(
  r: { code: number | null; stderr: string; ms: number },
  code: string,
  ms = 5000,
): void {
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0] ?? '', new RegExp(`^dipkit serve: ${code}  \\S`));
  assert.ok(r.ms < ms, `exited after ${r.ms} ms`);
}

test('a second server on one --data directory is refused until the first is killed', async () => {
  const dir = tempDir();
  const data = join(dir, 'data');
  const first = await serve(['--data', data]);
  let second;
  try {
    const created = await call<{ id: string }>(first.url, 'POST', '/api/games', {});
    assert.equal(created.status, 201);
    const refused = await serveFails(['--port', '0', '--data', data]);
    assertRefused(refused, 'data-locked');
    assert.match(refused.stderr, new RegExp(`process ${first.child.pid}\\b`));
    await stop(first, 'SIGKILL');
    second = await serve(['--data', data]);
    const read = await call(second.url, 'GET', `/api/games/${created.body.id}`);
    assert.equal(read.status, 200);
  } finally {
    await stop(first, 'SIGKILL');
    if (second) await stop(second);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serve on a taken port exits 2 within 5 s and creates no data directory', async () => {
  const dir = tempDir();
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const port = (taken.address() as AddressInfo).port;
    const data = join(dir, 'data');
    const r = await serveFails(['--port', String(port), '--data', data]);
    assertRefused(r, 'port-in-use');
    assert.match(r.stderr, new RegExp(`port ${port}\\b`));
    assert.equal(existsSync(data), false, 'no data directory created');
  } finally {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serve with an unreachable database, a file as data directory, or a newer schema exits 2 having changed nothing', async () => {
  const dir = tempDir();
  try {
    // Port 1 on the loopback: nothing listens there.
    const unreachable = await serveFails(['--port', '0', '--database', 'postgres://u:secret@127.0.0.1:1/db']);
    assertRefused(unreachable, 'database-unreachable');
    assert.doesNotMatch(unreachable.stderr, /secret/, 'the password is not printed');
    const file = join(dir, 'file');
    writeFileSync(file, 'not a directory');
    assertRefused(await serveFails(['--port', '0', '--data', file]), 'bad-data-directory');
    // A database migrated by a newer dipkit: refused, and left as it was.
    const data = join(dir, 'newer');
    const db = await openDb({ data });
    await migrate(db);
    await db.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    await db.close();
    const before = readdirSync(data).sort();
    const newer = await serveFails(['--port', '0', '--data', data]);
    assertRefused(newer, 'migration-failed', 20_000);
    assert.match(newer.stderr, /schema version 999/);
    assert.deepEqual(readdirSync(data).sort(), before);
    const again = await openDb({ data });
    const versions = await again.query<{ version: number }>('SELECT version FROM schema_migrations');
    await again.close();
    assert.ok(versions.rows.some((r) => r.version === 999));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
