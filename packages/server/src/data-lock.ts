/**
 * One server per embedded database directory. PGlite is a database in one process: two servers on one directory
 * would each keep their own copy in memory and overwrite each other's files (an order one accepted was missing
 * after the other processed the phase). So `dipkit serve --data DIR` holds DIR/dipkit-serve.lock, a file created
 * exclusively that names the holding process, while it runs.
 *
 * The lock dies with its holder, SIGKILL included: a lock file whose process no longer runs is taken over. A
 * process id can be reused after a crash, so the file also records the holder's start time (Linux
 * /proc/PID/stat): a live process with the same id but another start time is not the holder.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup.js';

export const LOCK_FILE = 'dipkit-serve.lock';

interface Holder {
  pid: number;
  /** The process's start time in clock ticks after boot (field 22 of /proc/PID/stat), when known. */
  started?: string;
  since: string;
}

/** The start time of process `pid` as /proc tells it, or undefined where there is no /proc. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function running(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(holder.pid);
  return holder.started === undefined || now === undefined || now === holder.started;
}

function readHolder(file: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(h.pid) && h.pid > 0 ? h : undefined;
  } catch {
    return undefined;
  }
}

export interface DataLock {
  release(): void;
}

/**
 * Takes the lock of directory `dir` (which exists) for this process, or throws StartupError `data-locked` naming
 * the process that holds it.
 */
export function lockDataDir(dir: string): DataLock {
  const file = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, since: new Date().toISOString() };
  const started = startTime(process.pid);
  if (started !== undefined) me.started = started;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      if (holder && running(holder) && holder.pid !== process.pid) {
        throw new StartupError(
          'data-locked',
          `the data directory ${dir} is in use by process ${holder.pid} (dipkit serve, since ${holder.since}); stop it or give another --data`,
        );
      }
      // Left by a process that is gone (killed, crashed), or half-written by one starting now: taken over
      // after a moment, so that a file being written is not read as stale.
      if (!holder) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      if (!holder && readHolder(file)) continue;
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    const release = (): void => {
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.once('exit', release);
    return {
      release: () => {
        process.off('exit', release);
        release();
      },
    };
  }
  throw new StartupError('data-locked', `the data directory ${dir}: its lock file ${file} keeps changing`);
}
