/** A worker of the batch adjudicator (batch.ts): adjudicates the chunks of positions it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { compileMapOrThrow, standardMap } from '../map/compile.js';
import { adjudicateWorkloadEntry } from '../formats/workload.js';
import type { BatchReply, BatchRequest } from './batch.js';

const data = workerData as { map: unknown };
const map = data.map === null ? standardMap() : compileMapOrThrow(data.map);

parentPort?.on('message', (request: BatchRequest) => {
  const reply: BatchReply = {
    seq: request.seq,
    results: request.positions.map((entry) => adjudicateWorkloadEntry(map, entry)),
  };
  parentPort?.postMessage(reply);
});
