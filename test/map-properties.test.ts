/**
 * Properties every bundled map (src/map/registry.ts) must have, checked on each of them:
 * - adjacency is symmetric per unit type: an army edge p-q has its edge q-p, a fleet edge between two locations
 *   (coasts included) its return edge, except the edges a map declares one-way (North Sea Wars: into its trade
 *   provinces);
 * - every province but the impassable ones can be reached from every other over army and fleet edges;
 * - every order that src/legal lists, for the start position and for the positions of a random game, adjudicates
 *   as legal (in the adjudicator of its phase);
 * - 100 seeded self-play games per map, through movement, retreats and adjustments, keep the invariants of
 *   test/oracle/selfplay.ts (the equation oracle included, on its own reading of each map's data) and never crash. The games are short (three game years each: the first three Falls,
 *   whatever the map's calendar) so that the whole file stays under a minute; `npm run verify` plays long games.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjudicateAdjustments } from '../src/adjudication/adjustment.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { newGame } from '../src/game/game.js';
import { fallYearOfTurn } from '../src/game/phases.js';
import { legalOrders, type LegalOrder } from '../src/legal/enumerate.js';
import { bundledMap, bundledMapIds } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { playRandomGame } from '../src/selfplay/random-player.js';
import { playAndCheck } from './oracle/selfplay.js';

const SELF_PLAY_GAMES = 100;
/** Game years per self-played game (the first three Falls, then the year ends). */
const SELF_PLAY_TURNS = 3;

function mapOf(id: string): GameMap {
  const map = bundledMap(id);
  assert.ok(map, `no bundled map ${id}`);
  return map;
}

/**
 * "A: B" for every edge A-B of a CSR table (the army table by province, the fleet table by location: province ids
 * are the first location ids, so `locationCode` names both) whose return edge B-A is missing.
 */
function oneWayEdges(map: GameMap, start: Int32Array, adj: Int32Array): string[] {
  const row = (x: number): Int32Array => adj.subarray(start[x], start[x + 1]);
  const missing: string[] = [];
  for (let x = 0; x + 1 < start.length; x++) {
    for (const y of row(x))
      if (!row(y).includes(x)) missing.push(`${map.locationCode[x]}: ${map.locationCode[y]}`);
  }
  return missing;
}

/** Provinces (not impassable) that cannot be reached from the first passable one over army and fleet edges. */
function unreachable(map: GameMap): string[] {
  const passable = (p: number): boolean => map.provinceKind[p] !== 'impassable';
  const seen = new Uint8Array(map.provinceCount);
  const start = [...Array(map.provinceCount).keys()].find(passable);
  if (start === undefined) return ['no passable province'];
  const queue = [start];
  seen[start] = 1;
  for (let head = 0; head < queue.length; head++) {
    const p = queue[head]!;
    const next: number[] = [...map.armyAdj.subarray(map.armyStart[p], map.armyStart[p + 1])];
    for (const l of [p, ...(map.provinceCoasts[p] ?? [])]) {
      for (const m of map.fleetAdj.subarray(map.fleetStart[l], map.fleetStart[l + 1]))
        next.push(map.locationProvince[m]!);
    }
    for (const q of next) {
      if (!seen[q]) {
        seen[q] = 1;
        queue.push(q);
      }
    }
  }
  const out: string[] = [];
  for (let p = 0; p < map.provinceCount; p++) if (passable(p) && !seen[p]) out.push(map.locationCode[p]!);
  return out;
}

/**
 * The listed orders of `position` that its adjudicator calls illegal. Movement orders are adjudicated in rounds,
 * each unit with its next listed order (legality does not depend on the other units' orders), builds and
 * disbands of adjustments and retreats one by one (too many builds would be illegal together).
 */
function illegalListed(map: GameMap, position: Position): string[] {
  const listed = legalOrders(map, position);
  const problems: string[] = [];
  const given = (o: LegalOrder): GivenOrder => ({ power: o.power, order: o.order });
  const judge = (orders: LegalOrder[]): void => {
    const type = position.phase.type;
    const result =
      type === 'movement'
        ? adjudicateMovement(map, position, orders.map(given))
        : type === 'retreat'
          ? adjudicateRetreats(map, position, orders.map(given))
          : adjudicateAdjustments(map, position, orders.map(given));
    if (!result.value) {
      problems.push(`cannot adjudicate: ${result.issues.map((i) => i.message).join('; ')}`);
      return;
    }
    result.value.orders.forEach((outcome, i) => {
      if (outcome.resolution === 'illegal')
        problems.push(`${orders[i]?.power} ${orders[i]?.text}: ${outcome.message}`);
    });
  };
  if (position.phase.type !== 'movement') {
    for (const o of listed) judge([o]);
    return problems;
  }
  const byUnit = new Map<string, LegalOrder[]>();
  for (const o of listed) byUnit.set(o.unit, [...(byUnit.get(o.unit) ?? []), o]);
  const rounds = Math.max(0, ...[...byUnit.values()].map((l) => l.length));
  for (let r = 0; r < rounds; r++) {
    judge([...byUnit.values()].flatMap((l) => (r < l.length ? [l[r]!] : [])));
  }
  return problems;
}

const ids = bundledMapIds();

test('the bundled maps: the standard map and the nine variants', () => {
  assert.ok(ids.includes('standard'));
  assert.equal(ids.length, 10, ids.join(', '));
});

for (const id of ids) {
  test(`${id}: adjacency is symmetric for armies and for fleets, but for the edges the map declares one-way`, () => {
    const map = mapOf(id);
    const declared = (map.definition.oneWayEdges ?? []).map((e) => `${e.from}: ${e.to}`);
    const oneWay = (type: 'A' | 'F'): string[] =>
      (map.definition.oneWayEdges ?? [])
        .filter((e) => e.type === type)
        .map((e) => `${e.from}: ${e.to}`)
        .sort();
    assert.deepEqual(oneWayEdges(map, map.armyStart, map.armyAdj).sort(), oneWay('A'));
    assert.deepEqual(oneWayEdges(map, map.fleetStart, map.fleetAdj).sort(), oneWay('F'));
    assert.ok(
      declared.length === 0 || id === 'northseawars',
      `one-way edges on ${id}: ${declared.join(', ')}`,
    );
    assert.ok(map.armyAdj.length + map.fleetAdj.length > 0, 'the map has edges');
  });

  test(`${id}: every province but the impassable ones is reachable`, () => {
    assert.deepEqual(unreachable(mapOf(id)), []);
  });

  test(`${id}: every listed legal order of the start and of a random game adjudicates as legal`, () => {
    const map = mapOf(id);
    const start = newGame(map).position;
    const game = playRandomGame(map, { seed: 7, maxYear: fallYearOfTurn(map, 2) });
    const positions = [start, ...game.history.map((r) => r.position)];
    assert.ok(positions.length >= 2, 'the random game was played');
    let orders = 0;
    for (const position of positions) {
      orders += legalOrders(map, position).length;
      assert.deepEqual(illegalListed(map, position), [], `${position.phase.season} ${position.phase.year}`);
    }
    assert.ok(orders > positions.length, `only ${orders} orders listed`);
  });

  test(`${id}: ${SELF_PLAY_GAMES} self-played games of ${SELF_PLAY_TURNS} game years keep the invariants`, () => {
    const map = mapOf(id);
    const phaseTypes = { movement: 0, retreat: 0, adjustment: 0 };
    const violations: string[] = [];
    for (let seed = 1; seed <= SELF_PLAY_GAMES; seed++) {
      const report = playAndCheck(map, seed, {
        maxYear: fallYearOfTurn(map, SELF_PLAY_TURNS),
        // The equation oracle (test/oracle/equations.ts) on its own reading of each map's data.
        oracleGroup: 4,
        maxViolations: 5,
      });
      violations.push(...report.violations);
      for (const type of ['movement', 'retreat', 'adjustment'] as const)
        phaseTypes[type] += report.phaseTypes[type];
    }
    assert.deepEqual(violations, []);
    // The games went through every kind of phase.
    assert.ok(phaseTypes.movement > SELF_PLAY_GAMES * SELF_PLAY_TURNS, JSON.stringify(phaseTypes));
    assert.ok(phaseTypes.retreat > 0 && phaseTypes.adjustment > 0, JSON.stringify(phaseTypes));
  });
}
