/**
 * Batch adjudication over worker threads: many independent movement-phase positions (self-play, datasets) in the
 * workload format of src/formats/workload.ts, spread over a pool of workers, results in input order.
 *
 * Positions go to the workers in chunks, each worker reads the orders and adjudicates (`resolveMovement`: the
 * positions after the phase are all a result needs); a worker that finishes a chunk is given the next one, so a
 * slow chunk does not hold up the others. The map is compiled once per worker (the standard map unless a
 * definition is given).
 *
 * Two ways in: `adjudicate` takes and gives objects (structured clone both ways, which the main thread pays for),
 * `adjudicateJson` takes each position as JSON text and gives each result as JSON text (a line of a dataset in, a
 * line of the results out): strings cross threads as plain copies and the parsing happens in the workers.
 */
import { Worker } from 'node:worker_threads';
import type { MapDefinition } from '../map/types.js';
import type { WorkloadPosition, WorkloadResult } from '../formats/workload.js';

export interface BatchOptions {
  /** Worker threads (default 2). */
  workers?: number;
  /** Positions per message (default 256). */
  chunkSize?: number;
  /** The map, as a definition; the standard map when absent. */
  map?: MapDefinition;
}

/** What a worker is sent: a chunk of positions (objects or JSON texts), with its sequence number. */
export type BatchRequest =
  | { seq: number; json: false; positions: WorkloadPosition[] }
  | { seq: number; json: true; positions: string[] };

export type BatchReply = { seq: number; results: WorkloadResult[] } | { seq: number; results: string[] };

export class BatchAdjudicator {
  readonly #workers: Worker[];
  readonly #chunkSize: number;

  constructor(options: BatchOptions = {}) {
    const count = Math.max(1, options.workers ?? 2);
    this.#chunkSize = Math.max(1, options.chunkSize ?? 256);
    const url = new URL('./batch-worker.js', import.meta.url);
    this.#workers = Array.from(
      { length: count },
      () => new Worker(url, { workerData: { map: options.map ?? null } }),
    );
  }

  get workers(): number {
    return this.#workers.length;
  }

  /** Adjudicates every position; the results come in the order of `positions`. */
  async adjudicate(positions: readonly WorkloadPosition[]): Promise<WorkloadResult[]> {
    return this.#run(positions, false) as Promise<WorkloadResult[]>;
  }

  /**
   * Adjudicates positions given as JSON text (one workload position each); gives each result as JSON text, in
   * the order of `positions`. A text that is not a position gives a result with `error`.
   */
  async adjudicateJson(positions: readonly string[]): Promise<string[]> {
    return this.#run(positions, true) as Promise<string[]>;
  }

  async #run(positions: readonly (WorkloadPosition | string)[], json: boolean): Promise<unknown[]> {
    const size = this.#chunkSize;
    const chunks = Math.ceil(positions.length / size);
    const results = new Array<unknown[]>(chunks);
    let next = 0;
    await Promise.all(
      this.#workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = (): void => {
              if (next >= chunks) {
                worker.off('message', onMessage);
                worker.off('error', reject);
                resolve();
                return;
              }
              const seq = next++;
              const chunk = positions.slice(seq * size, (seq + 1) * size);
              worker.postMessage({ seq, json, positions: chunk });
            };
            const onMessage = (reply: BatchReply): void => {
              results[reply.seq] = reply.results;
              send();
            };
            worker.on('message', onMessage);
            worker.on('error', reject);
            send();
          }),
      ),
    );
    return results.flat();
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
