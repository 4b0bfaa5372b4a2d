/**
 * Safe writers for files that several processes change at once (seven bots submitting orders to one game file):
 * a lock file next to the file, taken with an exclusive create and waited for a bounded time, and writes through a
 * temporary file renamed over the old one, so that a reader sees the old file or the new one, never half of one.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

/** How long to wait for another process's lock before giving up (ms); `DIPKIT_LOCK_WAIT_MS` overrides it. */
const DEFAULT_WAIT_MS = 10_000;
/** A lock this old whose process is gone was left by a crash: it is taken over. */
const STALE_MS = 30_000;

export type Locked<T> = { ok: true; value: T } | { ok: false; holder: string };

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock file was left behind by a process that no longer runs. */
function stale(lock: string): boolean {
  try {
    const age = Date.now() - statSync(lock).mtimeMs;
    const pid = Number(readFileSync(lock, 'utf8').trim());
    return age > STALE_MS && Number.isInteger(pid) && pid > 0 && !alive(pid);
  } catch {
    return false;
  }
}

function waitLimit(): number {
  const env = Number(process.env['DIPKIT_LOCK_WAIT_MS']);
  return Number.isFinite(env) && env >= 0 ? env : DEFAULT_WAIT_MS;
}

/**
 * Runs `fn` holding the lock of `file` (`FILE.lock`). Waits up to the limit for another holder; `{ ok: false }` with
 * the holder's process id when the lock stays taken. Errors other than a taken lock (a folder that cannot be
 * written) are thrown for the caller to report.
 */
export function withFileLock<T>(file: string, fn: () => T): Locked<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + waitLimit();
  let pause = 5;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (stale(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() >= deadline) {
        let holder = 'another process';
        try {
          holder = `process ${readFileSync(lock, 'utf8').trim() || '?'}`;
        } catch {
          // released meanwhile: still report the wait as failed, the caller may retry
        }
        return { ok: false, holder };
      }
      sleep(pause);
      pause = Math.min(pause * 2, 100);
      continue;
    }
    try {
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return { ok: true, value: fn() };
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/** Writes `text` to `file` through a temporary file in the same folder, renamed over `file`. */
export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
