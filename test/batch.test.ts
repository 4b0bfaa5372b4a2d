/** Batch adjudication over worker threads (src/node/batch.ts) gives what adjudicating in this thread gives. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import { adjudicateWorkloadEntry } from '../src/formats/workload.js';
import { BatchAdjudicator } from '../src/node/batch.js';
import { midgameWorkload } from '../bench/generate.js';

void test('batch over two workers: the same results, in order, objects and JSON text', async () => {
  const map = standardMap();
  const positions = midgameWorkload(21, 60).positions;
  const expected = positions.map((p) => adjudicateWorkloadEntry(map, p));
  const pool = new BatchAdjudicator({ workers: 2, chunkSize: 7 });
  try {
    assert.deepStrictEqual(await pool.adjudicate(positions), expected);
    const json = await pool.adjudicateJson([
      ...positions.map((p) => JSON.stringify(p)),
      '{"bad": 1}',
      'not json',
    ]);
    assert.deepStrictEqual(
      json.slice(0, positions.length).map((t) => JSON.parse(t) as unknown),
      expected,
    );
    assert.match(json[positions.length]!, /"error"/);
    assert.match(json[positions.length + 1]!, /not JSON/);
  } finally {
    await pool.close();
  }
});
