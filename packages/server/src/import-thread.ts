/**
 * The main thread's side of import-worker.ts: one worker, started with the first import and reused; a worker that
 * dies fails the imports it held and is started again with the next.
 */
import { Worker } from 'node:worker_threads';
import type { ImportReading } from './import-worker.js';

type Pending = Map<number, { resolve: (r: ImportReading) => void; reject: (e: Error) => void }>;

let worker: { thread: Worker; pending: Pending } | undefined;
let nextId = 0;

function startWorker(): { thread: Worker; pending: Pending } {
  const thread = new Worker(new URL('./import-worker.js', import.meta.url));
  const started = { thread, pending: new Map() as Pending };
  thread.unref(); // an idle worker does not keep the process alive
  thread.on('message', (m: { id: number; reading: ImportReading }) => {
    started.pending.get(m.id)?.resolve(m.reading);
    started.pending.delete(m.id);
  });
  const fail = (e: Error): void => {
    if (worker === started) worker = undefined;
    for (const p of started.pending.values()) p.reject(e);
    started.pending.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`import worker exited (${code})`)));
  return started;
}

/** Reads an import request's body and checks its game off the main thread. */
export function readImportText(text: string): Promise<ImportReading> {
  worker ??= startWorker();
  const { thread, pending } = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, text });
  }).finally(() => {
    if (pending.size === 0) thread.unref();
  }) as Promise<ImportReading>;
}
