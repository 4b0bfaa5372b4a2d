/**
 * A solver is reused from one adjudication to the next (the scratch set of a map): nothing of one set of decisions
 * may steer the next. Both solvers on a bare chain of decisions, each succeeding when the next one does, far longer
 * than the recursion bound (MAX_DEPTH): a second set must be decided as a fresh solver decides it. Once, a mutant
 * of `Resolver.decide` that skipped its first resolve started the second set from the deepest decision the first
 * set had reached; on the chain below that decision leads to decision 0 at the bound, the bound was lifted and the
 * recursion overflowed the stack.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GuessResolver } from '../src/adjudication/movement/guess-resolver.js';
import { MAX_DEPTH, Resolver } from '../src/adjudication/movement/resolver.js';

const N = 60_000;

/** The deepest decision the bounded recursion reaches last when a chain 0 -> 1 -> ... -> N-1 is decided from 0. */
const lastDeepest = Math.floor((N - 1 - MAX_DEPTH) / MAX_DEPTH) * MAX_DEPTH + MAX_DEPTH;

/** `next[d]`: the decision d waits on (-1: none, d succeeds). */
function chain(order: readonly number[]): Int32Array {
  const next = new Int32Array(N).fill(-1);
  for (let i = 0; i + 1 < order.length; i++) next[order[i]!] = order[i + 1]!;
  return next;
}

function decideAll(solver: Resolver | GuessResolver, next: Int32Array): number {
  solver.reset(
    (d, optimistic) => (next[d]! < 0 ? true : solver.resolve(next[d]!, optimistic)),
    () => assert.fail('a chain has no cycle'),
    N,
  );
  let succeeded = 0;
  for (let d = 0; d < N; d++) if (solver.decide(d)) succeeded++;
  return succeeded;
}

for (const [name, make] of [
  ['partial-information', () => new Resolver(N)],
  ['guess', () => new GuessResolver(N)],
] as const) {
  void test(`a ${name} solver decides a second long chain as a fresh one does`, () => {
    const identity = Array.from({ length: N }, (_, i) => i);
    // The second chain starts at the first one's last deepest decision and meets decision 0 MAX_DEPTH further on.
    const second = identity.filter((d) => d !== 0 && d !== lastDeepest);
    second.splice(MAX_DEPTH - 1, 0, 0);
    second.unshift(lastDeepest);
    assert.equal(second.length, N);
    assert.equal(second[MAX_DEPTH], 0);
    const solver = make();
    assert.equal(decideAll(solver, chain(identity)), N);
    assert.equal(decideAll(solver, chain(second)), N);
    assert.equal(decideAll(make(), chain(second)), N);
  });
}
