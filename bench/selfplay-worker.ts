/** A worker thread of the selfplay bench (bench/selfplay.ts): plays the games of the seeds it is sent, answers done. */
import { parentPort } from 'node:worker_threads';
import { standardMap } from '../src/map/compile.js';
import { newOrderCodeList } from '../src/legal/code-list.js';
import { playGames } from './selfplay.js';

const map = standardMap();
const legal = newOrderCodeList();
parentPort?.on('message', (seeds: number[]) => {
  parentPort?.postMessage(playGames(map, seeds, legal));
});
