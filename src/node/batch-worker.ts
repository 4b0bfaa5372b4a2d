/** A worker of the batch adjudicator (batch.ts): adjudicates the chunks of positions it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { compileMapOrThrow, standardMap } from '../map/compile.js';
import { adjudicateWorkloadEntry, readWorkload, type WorkloadResult } from '../formats/workload.js';
import type { BatchReply, BatchRequest } from './batch.js';

const data = workerData as { map: unknown };
const map = data.map === null ? standardMap() : compileMapOrThrow(data.map);

/** One position as JSON text to its result as JSON text. */
function fromJson(text: string): string {
  let result: WorkloadResult;
  try {
    const read = readWorkload({ positions: [JSON.parse(text) as unknown] });
    const entry = read.value?.positions[0];
    result =
      entry === undefined
        ? { id: -1, units: [], dislodged: [], error: read.issues.map((i) => i.message).join('; ') }
        : adjudicateWorkloadEntry(map, entry);
  } catch (e) {
    result = {
      id: -1,
      units: [],
      dislodged: [],
      error: `not JSON: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  return JSON.stringify(result);
}

parentPort?.on('message', (request: BatchRequest) => {
  const reply: BatchReply = request.json
    ? { seq: request.seq, results: request.positions.map(fromJson) }
    : { seq: request.seq, results: request.positions.map((entry) => adjudicateWorkloadEntry(map, entry)) };
  parentPort?.postMessage(reply);
});
