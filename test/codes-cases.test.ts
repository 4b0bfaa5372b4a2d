/**
 * The integer way (`resolveMovementCodes`, movement/codes.ts) on the cases judged by hand: every DATC movement case
 * that has a code form, every movement case of test/data/engine-cases.json (under its rule choices) and every
 * movement case of the small test maps (test/data/maps/*cases.json), each order written as one row. What the
 * result arrays hold is checked against the case's own expectations: which rows count (an "illegal" order does
 * not), each order's success (succeeds, given and available succeed; fails, cut, disrupted and invalid fail; a
 * hold stands), who is dislodged and whether it has a retreat ("dislodged" or "destroyed", read from
 * `dislodgedFrom`, `byConvoy` and `contested`), where each unit ends and the words of the retreat phase that
 * follows. Then a small fixed set of random positions and rows against `adjudicateMovement` (test/codes-compare.ts).
 * Fast enough to run once per mutant (test/mutation.test.ts); test/codes.test.ts runs the large random sets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  adjudicateMovement,
  resolveMovement,
  retreatOptions,
} from '../src/adjudication/movement/adjudicate.js';
import {
  newMovementCodesResult,
  resolveMovementCodes,
  resolveMovementRows,
  type MovementCodesResult,
} from '../src/adjudication/movement/codes.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { compileBoard } from '../src/adjudication/board.js';
import {
  DATC_PREFERRED,
  PRESETS,
  RULE_ISSUES,
  resolveRules,
  type RuleOptions,
} from '../src/adjudication/rules.js';
import { readDatcJson } from '../src/datc/cases.js';
import { unitIdentity } from '../src/datc/run.js';
import { readPositionText } from '../src/formats/position-text.js';
import { workloadOrders, workloadPosition } from '../src/formats/workload.js';
import { standardMap } from '../src/map/compile.js';
import { bundledMap } from '../src/map/registry.js';
import type { GameMap } from '../src/map/types.js';
import * as oc from '../src/orders/codes.js';
import { parseOrders } from '../src/orders/parse.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { DislodgedUnit, Position, Unit } from '../src/position/types.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import { midgameWorkload } from '../bench/generate.js';
import { assertSame, randomRows } from './codes-compare.js';
import {
  datcWords,
  loadDatcCases,
  outcomeProblems,
  prepareMovementCase,
  readDataFile,
  type CaseRun,
  type DatcCase,
  type Outcome,
} from './datc-harness.js';
import { testMap, type ProvinceChanges } from './test-maps.js';

const standard = standardMap();

/** A case as the integer way reads it. */
interface CodedCase {
  id: string;
  map: GameMap;
  position: Position;
  orders: GivenOrder[];
  rules?: Partial<RuleOptions>;
  /** The case's word per order ("fails, dislodged"). */
  words: string[];
  /** The words carry the DATC's tags (", dislodged", ", destroyed"); the test maps' cases give the word only. */
  tags: boolean;
  retreats?: { orders: GivenOrder[]; words: string[] };
  /** What is wrong with the units after the phase (and its retreats), as the case states them. */
  after: (run: CaseRun, units: readonly Unit[]) => string[];
}

/**
 * What a word says of the order: the row did not count ("illegal"), the unit held ("stands"), the order succeeded
 * or failed; "invalid" (a support or convoy that matches no order, or an impossible move: it counts, and no unit
 * moves by it) says nothing of the decision's value. And its tag: "dislodged", "destroyed" or "".
 */
function wordParts(word: string): [string, string] {
  const [w = '', tag = ''] = word.toLowerCase().split(', ');
  if (w === 'dislodged' || w === 'destroyed') return ['stands', w];
  if (w === 'illegal' || w === 'stands' || w === 'invalid') return [w, tag];
  return [w === 'succeeds' || w === 'given' || w === 'available' ? 'success' : 'failure', tag];
}

/** Each order as one row; undefined when some order has no code form (a written convoy path). */
function rowsOf(map: GameMap, position: Position, orders: readonly GivenOrder[]): Int32Array | undefined {
  const rows = new Int32Array(orders.length * oc.ORDER_STRIDE);
  for (const [i, order] of orders.entries()) {
    const row = oc.encodeOrders(map, position.units, [order]);
    if (row.issues.length > 0) return undefined;
    rows.set(row.value!, i * oc.ORDER_STRIDE);
  }
  return rows;
}

/** The position after the phase as the result arrays give it (what `resolveMovement` writes). */
function positionOf(map: GameMap, position: Position, r: MovementCodesResult): Position {
  const units: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  position.units.forEach((unit, u) => {
    const location = map.locationCode[r.location[u]!]!;
    if (r.dislodgedFrom[u] === -1) return void units.push({ ...unit, location });
    const entry: DislodgedUnit = { ...unit, location, attackerFrom: map.locationCode[r.dislodgedFrom[u]!]! };
    if (r.byConvoy[u] === 1) entry.byConvoy = true;
    dislodged.push(entry);
  });
  const contested = [...r.contested.subarray(0, map.provinceCount)].flatMap((c, p) =>
    c === 1 ? [map.locationCode[p]!] : [],
  );
  return { ...position, phase: { ...position.phase, type: 'retreat' }, units, dislodged, contested };
}

/** Where the result arrays differ from the case: words, tags, locations, the retreat phase, the units after. */
function codedProblems(c: CodedCase, into: MovementCodesResult): string[] | undefined {
  const { map, position } = c;
  const rows = rowsOf(map, position, c.orders);
  if (rows === undefined) return undefined;
  const units = oc.encodeUnits(map, position.units).value!;
  const got = resolveMovementCodes(map, units, rows, c.rules, into);
  if (got.value === undefined) return got.issues.map((i) => i.message);
  const r = got.value;
  const problems = got.issues.map((i) => `issue ${i.code}: ${i.message}`);
  if (r.unitCount !== position.units.length) problems.push(`${r.unitCount} units`);
  const board = compileBoard(map, position.units).value!;
  const after = positionOf(map, position, r);
  const occupied = new Uint8Array(map.provinceCount);
  for (const unit of after.units)
    occupied[map.locationProvince[map.locationCode.indexOf(unit.location)]!] = 1;
  const L = map.locationCount;
  // Units whose counted order is a move, support or convoy: every other unit holds (unless the rules imply an order
  // for it, 4.E.3 a), and its success is 0.
  const acting = new Set<number>();
  c.orders.forEach((given, i) => {
    const at = i * oc.ORDER_STRIDE;
    const key = rows[at + oc.UNIT_FIELD]!;
    const u = board.unitAt[map.locationProvince[key >= L ? key - L : key]!]!;
    const kind = rows[at + oc.KIND_FIELD]!;
    if (r.counted[i] === 1 && kind !== oc.HOLD) acting.add(u);
    const actual =
      r.counted[i] !== 1
        ? 'illegal'
        : kind === oc.HOLD
          ? 'stands'
          : r.success[u] === 1
            ? 'success'
            : 'failure';
    let tag = '';
    if (u >= 0 && r.dislodgedFrom[u] !== -1) {
      const options = retreatOptions(
        board,
        u,
        r.dislodgedFrom[u]!,
        r.byConvoy[u] === 1,
        occupied,
        r.contested,
      );
      tag = options.length > 0 ? 'dislodged' : 'destroyed';
    }
    const word = c.words[i]!;
    const [expectedClass, expectedTag] = wordParts(word);
    const invalid = expectedClass === 'invalid' && (actual === 'success' || actual === 'failure');
    if ((actual !== expectedClass && !invalid) || (c.tags && tag !== expectedTag))
      problems.push(
        `row ${i} (${oc.orderCodeText(map, rows, i)}): "${word}" expected, ${actual} ${tag} given`,
      );
    // A unit whose counted move succeeds ends where the row sends it (a fleet on the coast the row names, if it
    // names one: 4.B.2 picks the only coast it can reach; an army in the province); every other unit stays.
    if (u < 0 || r.counted[i] !== 1) return;
    const moves = (kind === oc.MOVE || kind === oc.MOVE_VIA) && expectedClass === 'success';
    const to = rows[at + oc.TO_FIELD]!;
    const end = r.location[u]!;
    const right = moves
      ? map.locationProvince[end] === map.locationProvince[to] &&
        (key < L || to === map.locationProvince[to] || end === to)
      : end === board.unitLocation[u];
    if (!right) problems.push(`unit ${u}: ends at ${map.locationCode[end]}`);
  });
  if (c.rules?.implicitOrders !== 'allowed') {
    for (let u = 0; u < position.units.length; u++)
      if (!acting.has(u) && r.success[u] !== 0)
        problems.push(`unit ${u} holds, yet its success is ${r.success[u]}`);
  }
  problems.push(...afterProblems(c, after));
  // The same orders as objects through `resolveMovement`, which takes the integer way from them (resolveByCodes).
  const lean = resolveMovement(map, position, c.orders, c.rules);
  if (lean.value === undefined) problems.push(...lean.issues.map((i) => `resolveMovement: ${i.message}`));
  else if (!isDeepStrictEqual(lean.value, after)) {
    // `after`, read from the result arrays, is checked against the case above.
    problems.push(`resolveMovement: ${JSON.stringify(lean.value)}, not ${JSON.stringify(after)}`);
  }
  return problems;
}

/** Where the position after the phase differs from the case: the retreat phase's words, the units after it. */
function afterProblems(c: CodedCase, after: Position): string[] {
  const { map } = c;
  const problems: string[] = [];
  let run: CaseRun = {
    words: [],
    outcomes: [],
    unitsAfter: after.units.map((u) => unitIdentity(map, u)).sort(),
  };
  let unitsAfter = after.units;
  if (c.retreats) {
    const retreat = adjudicateRetreats(map, after, c.retreats.orders, c.rules).value!;
    const words = retreat.orders.map(datcWords);
    c.retreats.words.forEach((w, k) => {
      if (words[k] !== w.toLowerCase()) problems.push(`retreat ${k}: "${w}" expected, "${words[k]}" given`);
    });
    unitsAfter = retreat.units;
    run = {
      ...run,
      unitsAfter: retreat.units.map((u) => unitIdentity(map, u)).sort(),
      retreatWords: words,
      disbanded: retreat.disbanded.map((u) => unitIdentity(map, u)).sort(),
    };
  }
  problems.push(...c.after(run, unitsAfter));
  return problems;
}

/** A case in the DATC's shape on the standard map: its position, orders, words (with tags) and retreat phase. */
function datcShaped(c: DatcCase, after: CodedCase['after'], rules?: Partial<RuleOptions>): CodedCase {
  const prepared = prepareMovementCase(c);
  const retreats = prepared.retreats && {
    orders: prepared.retreats.orders,
    words: prepared.retreats.expected,
  };
  return {
    id: c.id,
    map: standard,
    position: prepared.position,
    orders: prepared.orders,
    ...(rules ? { rules } : {}),
    words: prepared.expected,
    tags: true,
    ...(retreats ? { retreats } : {}),
    after,
  };
}

/** The DATC movement cases (errata applied): words and retreats only, as the document states them. */
function datcCases(): CodedCase[] {
  return loadDatcCases().flatMap((c) => (c.phase === 'movement' ? [datcShaped(c, () => [])] : []));
}

/** The movement engine cases, under their rule choices, with every unit's place after the phase. */
function engineCases(): CodedCase[] {
  const text = readDataFile('engine-cases.json');
  const extra = (
    JSON.parse(text) as { cases: { rules: string[]; positionAfter?: Outcome['positionAfter'] }[] }
  ).cases;
  return (readDatcJson(text, 'engine-cases.json').value ?? []).flatMap((c, i) => {
    if (c.phase !== 'movement') return [];
    const { rules, positionAfter } = extra[i]!;
    const prepared = prepareMovementCase(c);
    const after = (run: CaseRun): string[] => {
      const problems = outcomeProblems(c, prepared, run, positionAfter ? { positionAfter } : {}, '', []);
      const named = (positionAfter?.stays.length ?? 0) + Object.keys(positionAfter?.moves ?? {}).length;
      if (run.unitsAfter.length !== named) problems.push(`units after: ${run.unitsAfter.join(', ')}`);
      return problems;
    };
    return [datcShaped(c, after, resolveRules('datc', rules).value)];
  });
}

interface MapCase {
  id: string;
  map: string;
  rules?: Record<string, unknown>;
  provinces?: ProvinceChanges;
  position: string[];
  orders: { power: string; text: string; result: string }[];
  unitsAfter: string[];
}

/** The movement cases of the small test maps: words and the units after the phase ("ALPHA A WES"). */
function mapCases(): CodedCase[] {
  return ['cases.json', 'archipelago-cases.json', 'neutral-cases.json'].flatMap((file) => {
    const path = new URL(`../../test/data/maps/${file}`, import.meta.url);
    const cases = (JSON.parse(readFileSync(path, 'utf8')) as { cases?: MapCase[] }).cases ?? [];
    return cases.flatMap((c): CodedCase[] => {
      const map = testMap(c.map, c.rules, c.provinces).map;
      if (map === undefined) return [];
      const position = readPositionText(map, c.position.join('\n'), c.id).value!.position;
      if (position.phase.type !== 'movement') return [];
      const orders = parseOrders(map, c.orders.map((o) => `${o.power}: ${o.text}`).join('\n')).value!;
      const expected = [...c.unitsAfter].sort().join(', ');
      return [
        {
          id: c.id,
          map,
          position,
          orders,
          words: c.orders.map((o) => o.result),
          tags: false,
          after: (_run, units) => {
            const actual = units
              .map((u) => `${u.power} ${u.type} ${u.location}`)
              .sort()
              .join(', ');
            return actual === expected ? [] : [`units after: ${actual}, expected ${expected}`];
          },
        },
      ];
    });
  });
}

void test('resolveMovementCodes: the DATC, engine and test-map movement cases, read from the result arrays', () => {
  // One result for every case, as a caller reuses it: what one phase leaves in it must not leak into the next.
  const into = newMovementCodesResult();
  const problems: string[] = [];
  const skipped: string[] = [];
  const all = [...datcCases(), ...engineCases(), ...mapCases()];
  for (const c of all) {
    const found = codedProblems(c, into);
    if (found === undefined) skipped.push(c.id);
    else problems.push(...found.map((p) => `${c.id}: ${p}`));
  }
  assert.deepEqual(problems, []);
  // Orders without a code form: written convoy paths (4.A.6: E.45, E.59, E.69, E.107, E.160) and places the map
  // does not know (a coast a province does not have: E.103, E.104, E.108).
  assert.deepEqual(skipped, ['E.45', 'E.59', 'E.69', 'E.103', 'E.104', 'E.107', 'E.108', 'E.160']);
  assert.ok(all.length > 250, `${all.length} cases`);
});
void test('resolveMovementCodes: an impossible position or malformed arrays give issues; bad rows only hold', () => {
  const L = standard.locationCount;
  const par = standard.locationCode.indexOf('PAR');
  const bur = standard.locationCode.indexOf('BUR');
  const nth = standard.locationCode.indexOf('NTH');
  const none = new Int32Array(0);
  const spa = standard.locationCode.indexOf('SPA');
  const spaNc = standard.locationCode.indexOf('SPA/NC');
  const P = standard.powers.length;
  // Each impossible unit named by its number, power and key, with what is wrong with it.
  const cases: [Int32Array, Int32Array, string[]][] = [
    [
      Int32Array.of(0, par, 1, par),
      none,
      [`two-units-in-province unit 2 (power 1, key ${par}): PAR already holds a unit`],
    ],
    [
      Int32Array.of(0, nth),
      none,
      [`army-at-sea unit 1 (power 0, key ${nth}): an army cannot stand in a sea province`],
    ],
    [
      Int32Array.of(0, L + par),
      none,
      [`fleet-inland unit 1 (power 0, key ${L + par}): a fleet cannot stand in an inland province`],
    ],
    [
      Int32Array.of(0, spaNc),
      none,
      [`bad-unit-location unit 1 (power 0, key ${spaNc}): an army stands in a province, not on a coast`],
    ],
    [
      Int32Array.of(0, L + spa),
      none,
      [`coast-required unit 1 (power 0, key ${L + spa}): a fleet in SPA needs its coast`],
    ],
    [Int32Array.of(P, par), none, [`unknown-power unit 1 (power ${P}, key ${par}): no such power`]],
    [Int32Array.of(-1, par), none, [`unknown-power unit 1 (power -1, key ${par}): no such power`]],
    [Int32Array.of(0, 2 * L), none, [`unknown-location unit 1 (power 0, key ${2 * L}): no such unit key`]],
    [Int32Array.of(0, -1), none, [`unknown-location unit 1 (power 0, key -1): no such unit key`]],
    // The fleet key of location 0 (F ADR) equals locationCount: two such fleets are two units in one province.
    [
      Int32Array.of(0, L, 1, L),
      none,
      [`two-units-in-province unit 2 (power 1, key ${L}): ADR already holds a unit`],
    ],
    // Every impossible unit is named, not only the first; a unit after them still counts (BUR, then a second one).
    [
      Int32Array.of(0, nth, 1, bur, 2, bur),
      none,
      [
        `army-at-sea unit 1 (power 0, key ${nth}): an army cannot stand in a sea province`,
        `two-units-in-province unit 3 (power 2, key ${bur}): BUR already holds a unit`,
      ],
    ],
    [Int32Array.of(0), none, ['bad-codes units need 2 integers each and orders 5 each (got 1 and 0)']],
    [
      Int32Array.of(0, par),
      Int32Array.of(0, oc.HOLD, par),
      ['bad-codes units need 2 integers each and orders 5 each (got 2 and 3)'],
    ],
  ];
  for (const [units, rows, issues] of cases) {
    const r = resolveMovementCodes(standard, units, rows);
    assert.equal(r.value, undefined);
    assert.deepEqual(
      r.issues.map((i) => `${i.code} ${i.message}`),
      issues,
    );
  }
  const ok = resolveMovementCodes(
    standard,
    Int32Array.of(0, par),
    Int32Array.of(0, oc.MOVE, par, -1, 9999, 0, 42, par, 7, 7),
  );
  assert.equal(ok.value?.location[0], par);
  assert.deepEqual([...ok.value.counted.subarray(0, 2)], [0, 0]);
  // A row of no power (-1) orders no unit, and a unit of no power is no possible unit (there are no neutral units
  // on the standard map): both were once taken, the row as an order of any power.
  const fr = standard.powers.indexOf('FRANCE');
  const noPower = resolveMovementCodes(
    standard,
    Int32Array.of(fr, par),
    Int32Array.of(-1, oc.MOVE, par, -1, bur),
  );
  assert.equal(noPower.value?.location[0], par);
  assert.equal(noPower.value.counted[0], 0);
  const moves = resolveMovementCodes(
    standard,
    Int32Array.of(0, par),
    Int32Array.of(0, oc.MOVE, par, -1, bur),
  );
  assert.equal(moves.value?.location[0], bur);
});

const RULES: readonly (Partial<RuleOptions> | undefined)[] = [
  undefined,
  ...Object.values(PRESETS).map((p) => p.rules),
];

void test('resolveMovementCodes: a small fixed set of random positions and rows, under every preset, as adjudicateMovement', () => {
  const next = seededRandom(19);
  const into = newMovementCodesResult();
  const maps: [string, GameMap][] = [
    ['standard', standard],
    ['archipelago', testMap('archipelago.json').map!],
    ['neutral', testMap('neutral.json').map!],
    ['archipelago without convoys', testMap('archipelago.json', { convoys: false }).map!],
  ];
  for (const [name, map] of maps) {
    for (const entry of midgameWorkload(23, 6, map).positions) {
      const position = workloadPosition(entry).value!;
      // The position's orders as a player gives them (moves, supports, convoys), then rows of every shape.
      const given = oc.encodeOrders(map, position.units, workloadOrders(map, entry).value!).value!;
      for (const [k, rules] of RULES.entries()) {
        const what = `${name} position ${entry.id} rules ${k}`;
        assertSame(map, position, given, rules, what, into);
        assertSame(map, position, randomRows(map, position, next), rules, what, into);
        assertSame(map, position, randomRows(map, position, next), rules, `${what} (guess)`, into, 'guess');
      }
    }
  }
});

void test('resolveMovement refuses a position of another phase also for canonically written orders (the integer way)', () => {
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'retreat' },
    units: [{ power: 'FRANCE', type: 'A', location: 'PAR' }],
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  const orders = parseOrders(standard, 'FRANCE: A PAR - BUR').value!;
  assert.deepEqual(resolveMovement(standard, position, orders), {
    issues: [{ code: 'wrong-phase', message: 'the position is in a retreat phase, not a movement phase' }],
  });
});

/**
 * The rule issues that change which orders are legal, how the integer way reads them or whether it hands the phase
 * to the adjudicator of order objects: convoys to a neighbour and written paths (4.A.3, 4.A.6), coasts (4.B), unit
 * types and nationalities (4.C), several orders and civil disorder (4.D.3, 4.D.9), what is legal (4.E.1) and
 * implicit orders (4.E.3). The others change only the decisions, which both ways share.
 */
const READING_ISSUES = [
  '4.A.3',
  '4.A.6',
  '4.B.1',
  '4.B.2',
  '4.B.3',
  '4.B.4',
  '4.B.5',
  '4.B.6',
  '4.C.1',
  '4.C.2',
  '4.C.5',
  '4.C.6',
  '4.D.3',
  '4.D.9',
  '4.E.1',
  '4.E.3',
];

/**
 * Every choice of those issues on its own, on the positions and orders of the DATC and engine movement cases:
 * the integer way must judge each row as `checkMovementOrder` does under that choice (its own checks of the common
 * orders answer without it), and `resolveMovement` must give the position `adjudicateMovement` gives.
 */
void test('resolveMovementCodes and resolveMovement: the object adjudicator outcome under each single rule choice', () => {
  const into = newMovementCodesResult();
  const cases = [...datcCases(), ...engineCases()];
  for (const issue of RULE_ISSUES.filter((i) => READING_ISSUES.includes(i.id))) {
    for (const choice of issue.choices) {
      const rules = resolveRules('datc', [`${issue.id}=${choice.letter}`]).value!;
      // The DATC's own choice is the first test's.
      if (rules[issue.key] === DATC_PREFERRED[issue.key]) continue;
      for (const c of cases) {
        const what = `${c.id} under ${issue.id}=${choice.letter}`;
        const rows = rowsOf(standard, c.position, c.orders);
        if (rows !== undefined) assertSame(standard, c.position, rows, rules, what, into);
        assert.deepEqual(
          resolveMovement(standard, c.position, c.orders, rules),
          { value: adjudicateMovement(standard, c.position, c.orders, rules).value!.position, issues: [] },
          what,
        );
      }
    }
  }
});

/**
 * Orders written in every way a caller may write them, one phase each and all in one phase, under each choice of
 * the issues that change how orders are read: `resolveMovement` takes the integer way for those with an exact code
 * form and must give the position `adjudicateMovement` gives for all of them.
 */
void test('resolveMovement: orders written any way give the position of adjudicateMovement under each reading rule', () => {
  const read = readPositionText(
    standard,
    [
      'phase: S1901M',
      'units:',
      '  ENGLAND: A LON, F NTH, F ENG',
      '  FRANCE: A PAR, A BUR, F MAO, A GAS',
      '  GERMANY: A RUH, A MUN',
      '  ITALY: F WES',
    ].join('\n'),
    'quirks',
  );
  const position = read.value!.position;
  const texts = [
    'FRANCE: A BUR S German A RUH',
    'FRANCE: A BUR S English A RUH',
    'FRANCE: A BUR S A RUH - BEL',
    'FRANCE: BUR - PIC',
    'FRANCE: F BUR - PIC',
    'FRANCE: French A BUR - PIC',
    'FRANCE: German A BUR - PIC',
    'FRANCE: F MAO - SPA',
    'FRANCE: F MAO - SPA/SC',
    'FRANCE: F MAO - SPA/NC',
    'FRANCE: F MAO/NC - POR',
    'FRANCE: A GAS - SPA/NC',
    'FRANCE: F MAO S F WES - SPA',
    'FRANCE: F MAO S Italian F WES - SPA/SC',
    'ITALY: F WES - SPA',
    'ENGLAND: A LON - BEL',
    'ENGLAND: A LON - BEL VIA',
    'ENGLAND: A LON - NTH - BEL',
    'ENGLAND: F NTH C A LON - BEL',
    'ENGLAND: F NTH C English A LON - BEL',
    'ENGLAND: F ENG C A LON - BEL',
    'ENGLAND: F ENG S A LON - BEL',
    'ENGLAND: A LON - WAL',
    'ENGLAND: A PAR - PIC',
    'GERMANY: A MUN - BUR',
    'GERMANY: A RUH S A MUN - BUR',
    'GERMANY: A MUN H',
    'FRANCE: A BUR S A BUR - PIC',
    'FRANCE: MAO - IRI',
    'FRANCE: A BUR S A BUR',
    'ENGLAND: F NTH C F ENG - BEL',
    'ENGLAND: F ENG C A LON - WAL',
    'FRANCE: A GAS C A PAR - BRE',
    'FRANCE: A PAR D',
    'FRANCE: A PAR R PIC',
  ];
  const orders = parseOrders(standard, texts.join('\n')).value!;
  assert.equal(orders.length, texts.length);
  // Orders given without a power, or with its name in another spelling, take the general way.
  const unpowered = orders.map((o) => ({ order: o.order }));
  const spelled = orders.map((o) => ({ ...o, power: o.power!.toLowerCase() }));
  const phases = [...orders.map((o) => [o]), ...unpowered.map((o) => [o]), orders, unpowered, spelled];
  const rulesList: (Partial<RuleOptions> | undefined)[] = [undefined];
  for (const issue of RULE_ISSUES.filter((i) => READING_ISSUES.includes(i.id)))
    for (const choice of issue.choices)
      rulesList.push(resolveRules('datc', [`${issue.id}=${choice.letter}`]).value);
  const into = newMovementCodesResult();
  for (const rules of rulesList) {
    for (const phase of phases) {
      const what = `${phase.map((o) => JSON.stringify(o.order)).join(', ')} under ${JSON.stringify(rules)}`;
      // The same orders as rows (those that have a code form): which rows count, not only where units end.
      const rows = phase === unpowered || phase === spelled ? undefined : rowsOf(standard, position, phase);
      if (rows !== undefined) assertSame(standard, position, rows, rules, what, into);
      assert.deepEqual(
        resolveMovement(standard, position, phase, rules),
        { value: adjudicateMovement(standard, position, phase, rules).value!.position, issues: [] },
        what,
      );
    }
  }
});

void test('resolveMovement: an impossible position gives the issues of adjudicateMovement, also for canonical orders', () => {
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: [
      { power: 'FRANCE', type: 'A', location: 'PAR' },
      { power: 'GERMANY', type: 'A', location: 'PAR' },
    ],
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  const orders = parseOrders(standard, 'FRANCE: A PAR - BUR').value!;
  const issues = adjudicateMovement(standard, position, orders).issues;
  assert.equal(issues.length, 1);
  assert.deepEqual(resolveMovement(standard, position, orders), { issues });
});

void test('resolveMovement: a phase of more orders than the first rows reserved (every order read)', () => {
  // An army in every land province but Burgundy, all holding, then A Paris - Burgundy: nothing opposes it.
  const land = standard.locationCode.filter(
    (code, l) => l < standard.provinceCount && standard.provinceKind[l] !== 'sea' && code !== 'BUR',
  );
  assert.ok(land.length > 40);
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: land.map((location) => ({ power: 'FRANCE', type: 'A', location })),
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  const texts = [...land.filter((l) => l !== 'PAR').map((l) => `FRANCE: A ${l} H`), 'FRANCE: A PAR - BUR'];
  const after = resolveMovement(standard, position, parseOrders(standard, texts.join('\n')).value!).value!;
  assert.deepEqual(
    after.units.map((u) => u.location).sort(),
    [...land.filter((l) => l !== 'PAR'), 'BUR'].sort(),
  );
});

void test('resolveMovementCodes: a neutral unit takes no order, not even one given in the name of the neutral power', () => {
  const map = testMap('neutral.json').map!;
  const read = readPositionText(map, ['phase: S1901M', 'units:', '  NEUTRAL: A NEA'].join('\n'), 'neutral');
  const position = read.value?.position;
  assert.ok(position, JSON.stringify(read.issues));
  const units = oc.encodeUnits(map, position.units).value!;
  const key = units[1]!;
  const from = key;
  const to = map.armyAdj[map.armyStart[from]!]!;
  for (const kind of [oc.HOLD, oc.MOVE]) {
    const r = resolveMovementCodes(map, units, Int32Array.of(map.neutralPower, kind, key, -1, to)).value!;
    assert.equal(r.counted[0], 0);
    assert.equal(r.location[0], from);
  }
});

void test('resolveMovementRows: rows past the count given are no part of the phase, also when it goes to the fallback', () => {
  const par = standard.locationCode.indexOf('PAR');
  const bur = standard.locationCode.indexOf('BUR');
  const fr = standard.powers.indexOf('FRANCE');
  // Two holds for A Paris (4.D.3: the adjudicator of order objects decides), then a move that is not counted.
  const orders = Int32Array.of(fr, oc.HOLD, par, -1, -1, fr, oc.HOLD, par, -1, -1, fr, oc.MOVE, par, -1, bur);
  const rules = resolveRules('datc', ['4.D.3=b']).value!;
  for (const rows of [1, 2]) {
    const r = resolveMovementRows(
      standard,
      Int32Array.of(fr, par, 0, 0),
      1,
      orders,
      rows,
      rules,
      newMovementCodesResult(),
    );
    assert.deepEqual(r.issues, []);
    assert.equal(r.value!.location[0], par, `${rows} rows`);
    assert.equal(r.value!.counted[2], 0, `${rows} rows`);
  }
});

void test('resolveMovementCodes: every single row of a move, support or convoy on the archipelago, with and without convoys', () => {
  const into = newMovementCodesResult();
  for (const convoys of [true, false]) {
    const map = testMap('archipelago.json', { convoys }).map!;
    const position = workloadPosition(midgameWorkload(29, 1, map).positions[0]!).value!;
    const units = oc.encodeUnits(map, position.units).value!;
    const n = units.length / 2;
    for (let u = 0; u < n; u++) {
      for (const kind of [oc.MOVE, oc.SUPPORT_MOVE, oc.CONVOY]) {
        for (let v = 0; v < (kind === oc.MOVE ? 1 : n); v++) {
          for (let to = 0; to < map.locationCount; to++) {
            const row = Int32Array.of(units[u * 2]!, kind, units[u * 2 + 1]!, units[v * 2 + 1]!, to);
            assertSame(
              map,
              position,
              row,
              undefined,
              `convoys ${convoys}: ${oc.orderCodeText(map, row, 0)}`,
              into,
            );
          }
        }
      }
    }
  }
});

void test('resolveMovementCodes: a fleet in the first location of the map (key = locationCount) moves', () => {
  const adr = standard.locationCode.indexOf('ADR');
  const ion = standard.locationCode.indexOf('ION');
  assert.equal(adr, 0);
  const L = standard.locationCount;
  const it = standard.powers.indexOf('ITALY');
  const r = resolveMovementCodes(
    standard,
    Int32Array.of(it, L + adr),
    Int32Array.of(it, oc.MOVE, L + adr, -1, ion),
  );
  assert.deepEqual(r.issues, []);
  assert.equal(r.value!.location[0], ion);
});

void test('resolveMovementCodes: each row is read at its own place (a row of no power after five others orders nothing)', () => {
  const rom = standard.locationCode.indexOf('ROM');
  const it = standard.powers.indexOf('ITALY');
  // Row 0 names no unit (an army at sea); rows 1-5 are no orders. Read one integer off, row 5 would be row 0's
  // fields: power SUPPORT_HOLD (Italy's index), kind 0 (HOLD), unit A ROM.
  assert.equal(oc.SUPPORT_HOLD, it);
  const rows = [it, oc.SUPPORT_HOLD, 0, rom, -1];
  for (let i = 1; i <= 5; i++) rows.push(-1, oc.HOLD, rom, -1, -1);
  const position = readPositionText(standard, 'phase: S1901M\nunits:\n  ITALY: A ROM', 'rom').value!.position;
  assertSame(standard, position, Int32Array.from(rows), undefined, 'rows read in place');
});

void test('resolveMovementCodes: a row naming a fleet in the first location where an army stands is illegal under 4.C.2 a', () => {
  // Cold War's first location, Afghanistan, is land: the key L + 0 names a fleet there. With the wrong unit type
  // illegal (4.C.2 a) the order is not the army's: the row does not count. (A mutant reading key L as an army took
  // it as the army's order.)
  const coldWar = bundledMap('coldwar')!;
  const L = coldWar.locationCount;
  assert.equal(coldWar.locationCode[0], 'AFG');
  const power = 0;
  const units = Int32Array.of(power, 0);
  const fleetHolds = Int32Array.of(power, oc.HOLD, L + 0, -1, -1);
  const illegal = resolveMovementCodes(coldWar, units, fleetHolds, { wrongUnitType: 'illegal' });
  assert.deepEqual(illegal.issues, []);
  assert.equal(illegal.value!.counted[0], 0);
  const legal = resolveMovementCodes(coldWar, units, fleetHolds, { wrongUnitType: 'legal' });
  assert.equal(legal.value!.counted[0], 1);
});
