/**
 * godip's game files (github.com/zond/godip, the adjudicator behind Diplicity), read as a recorded game for a
 * replay. One block per phase:
 *
 * ```text
 * PHASE 1901 Spring Movement            Spring|Fall (or the map's own season name: "Year") Movement|Retreat|Adjustment
 * POSITIONS
 * 	England: fleet lon                    army|fleet|army/dislodged|fleet/dislodged <province>
 * 	England: supply lon                   the owner of a supply centre
 * ORDERS
 * 	lon move nth [via convoy]             also: hold, support <prov> [move <prov>], convoy <prov> move <prov>,
 * 	build Army lvp                        remove <prov>, <prov> disband (a retreat phase's moves are retreats);
 *                                        "build anywhere Army lvp" on maps where godip builds anywhere
 * ```
 *
 * Provinces are godip's lower-case codes ("lon", "stp/nc"), read through the map (codes upper-cased); nations are
 * the map's powers ("Holy Roman Empire" is HOLY ROMAN EMPIRE). Orders name no unit type and no power: the power is
 * that of the unit in the province (builds: the owner of the centre); an order is kept as written, whether or not
 * it is legal, for the replay to judge (DATC 4.E.1); one for a province with no unit (or a build in a centre no
 * power owns) is listed as unreadable.
 *
 * The game is played with godip's rules (`GODIP_RULES`).
 *
 * Phases: "Fall Adjustment" is our Winter. A map whose calendar names every season alike (Hundred: "Year", one turn
 * every five years from 1425) has its Spring and Fall told apart by the calendar: the turns `springToFall` years
 * after a Spring are Falls.
 *
 * godip does not record where the attacker of a dislodged unit came from, nor which provinces a standoff left
 * empty: both are worked out from the movement phase before (the attacker is the unit now in the province, and it
 * came by the move order that named the province; a province left empty that two or more units tried to enter was
 * a standoff).
 *
 * Issue codes (each with line and column): expected-phase, bad-phase, expected-positions, bad-line, unknown-power,
 * unknown-province, bad-unit, duplicate-unit, not-a-center, duplicate-center, bad-order (errors: the line is left
 * out); warnings: no-attacker (a dislodged unit whose attacker the orders do not show), repeated-unit (a unit line
 * given twice, as godip's own files sometimes have it). A file with no phase at all gives no value. "Neutral"
 * owns the centres no power owns ("Neutral: supply x"); on a map with neutral armies (Western World 901),
 * "Neutral: army x" is a neutral unit (power NEUTRAL), which the file gives no order; "build anywhere Army x" is
 * a build.
 */
import { issue, type Issue, type Result } from '../issues.js';
import { armyAdjacent, fleetCanReach, lookupLocation, lookupPower, splitCoast } from '../map/query.js';
import type { GameMap, UnitType } from '../map/types.js';
import { NEUTRAL } from '../map/neutral.js';
import { formatOrder } from '../orders/format.js';
import type { Order, UnitRef } from '../orders/types.js';
import type { DislodgedUnit, Phase, PhaseType, Position, Unit } from '../position/types.js';
import type { SubmittedOrder } from '../game/game.js';
import type { RecordedGame, RecordedPhase } from '../game/history.js';
import { phaseName } from '../game/phases.js';
import { mapId } from './game-json.js';
import { DATC_PREFERRED, describeRules, resolveRules } from '../adjudication/rules.js';

/**
 * The rules godip plays (the `godip` preset, as settings), which a file of its records with: units that cannot
 * retreat are disbanded at once (phase.go's movement post-processing).
 */
export const GODIP_RULES: readonly string[] = describeRules(resolveRules('godip').value ?? DATC_PREFERRED);

/** The codes of issues that leave the game whole (the others leave a line out). */
export const GODIP_WARNINGS: ReadonlySet<string> = new Set(['no-attacker', 'repeated-unit']);

/** A word of a line and the 1-based column it starts in. */
interface Word {
  text: string;
  column: number;
}

function words(line: string): Word[] {
  const out: Word[] = [];
  for (const m of line.matchAll(/\S+/g)) out.push({ text: m[0], column: (m.index ?? 0) + 1 });
  return out;
}

/** An order line as read, kept until the block's positions are complete. */
interface OrderLine {
  line: number;
  words: Word[];
}

/** One PHASE block while it is read. */
interface Block {
  line: number;
  phase: Phase;
  units: Unit[];
  dislodged: Unit[];
  supplyCenters: Record<string, string[]>;
  /** Centres the file says no power owns ("Neutral: supply x"). */
  unowned: string[];
  orderLines: OrderLine[];
  orders: SubmittedOrder[];
  unreadable: { power: string; text: string; message: string }[];
}

const TYPE_WORDS: Record<string, PhaseType> = {
  movement: 'movement',
  retreat: 'retreat',
  adjustment: 'adjustment',
};

/**
 * The phase of "PHASE 1901 Spring Movement" (words after PHASE), or an issue. Adjustments are Winter; a season
 * named as the map's calendar names all its seasons is the Spring or the Fall its year falls on.
 */
function readPhase(map: GameMap, w: Word[], line: number): Phase | Issue {
  const [year, season, type] = w;
  if (!year || !season || !type || w.length > 3) {
    return issue('bad-phase', 'expected PHASE <year> <season> <Movement|Retreat|Adjustment>', line, 1);
  }
  if (!/^-?\d+$/.test(year.text)) {
    return issue('bad-phase', `expected a year, got "${year.text}"`, line, year.column);
  }
  const y = Number(year.text);
  const t = TYPE_WORDS[type.text.toLowerCase()];
  if (t === undefined) {
    return issue(
      'bad-phase',
      `unknown phase type "${type.text}" (Movement, Retreat or Adjustment)`,
      line,
      type.column,
    );
  }
  const { calendar } = map.rules;
  const s = season.text.toLowerCase();
  if (t === 'adjustment' && (s === 'fall' || s === 'winter' || s === calendar.seasonName?.toLowerCase())) {
    return { season: 'winter', year: y, type: t };
  }
  if (t !== 'adjustment' && (s === 'spring' || s === 'fall')) return { season: s, year: y, type: t };
  if (t !== 'adjustment' && s === calendar.seasonName?.toLowerCase()) {
    const cycle = calendar.springToFall + calendar.fallToSpring;
    const offset = cycle > 0 ? (((y - map.startYear) % cycle) + cycle) % cycle : -1;
    if (offset === 0 && calendar.springToFall > 0) return { season: 'spring', year: y, type: t };
    if (offset === calendar.springToFall) return { season: 'fall', year: y, type: t };
    return issue('bad-phase', `${y} is not a year in which ${map.name} has a turn`, line, year.column);
  }
  const seasons = calendar.seasonName === undefined ? 'Spring or Fall' : calendar.seasonName;
  return issue(
    'bad-phase',
    `unknown season "${season.text}" for a ${t} phase (${t === 'adjustment' ? 'Fall' : seasons})`,
    line,
    season.column,
  );
}

const UNIT_WORDS: Record<string, { type: UnitType; dislodged: boolean }> = {
  army: { type: 'A', dislodged: false },
  fleet: { type: 'F', dislodged: false },
  'army/dislodged': { type: 'A', dislodged: true },
  'fleet/dislodged': { type: 'F', dislodged: true },
};

function province(map: GameMap, location: string): number {
  return splitCoast(map, location).province;
}

/** "England: fleet lon": a unit, dislodged unit or supply centre added to `block`, or an issue. */
function readPositionLine(map: GameMap, block: Block, text: string, line: number): Issue | undefined {
  const colon = text.indexOf(':');
  const indent = text.length - text.trimStart().length;
  if (colon < 0) {
    return issue('bad-line', 'expected "<Nation>: army|fleet|supply <province>"', line, indent + 1);
  }
  const nation = text.slice(0, colon).trim();
  const rest = words(text.slice(colon + 1)).map((w) => ({ ...w, column: w.column + colon + 1 }));
  const [kind, where] = rest;
  if (!kind || !where || rest.length > 2) {
    return issue('bad-line', 'expected "<Nation>: army|fleet|supply <province>"', line, colon + 2);
  }
  const isSupply = kind.text.toLowerCase() === 'supply';
  const neutral = nation.toLowerCase() === 'neutral';
  // godip writes the centres no power owns as owned by "Neutral", and so the neutral armies of a map with them.
  const power =
    map.powers[lookupPower(map, nation)] ??
    (neutral && !isSupply && map.neutralPower >= 0 ? NEUTRAL : undefined);
  const unowned = power === undefined && neutral && isSupply;
  if (power === undefined && !unowned) {
    return issue('unknown-power', `unknown nation "${nation}"`, line, indent + 1);
  }
  const location = lookupLocation(map, where.text);
  const p = location < 0 ? -1 : (map.locationProvince[location] ?? -1);
  if (p < 0) return issue('unknown-province', `unknown province "${where.text}"`, line, where.column);
  const code = map.locationCode[location] ?? '';
  if (isSupply) {
    const name = map.locationCode[p] ?? '';
    if (map.supplyCenter[p] !== 1) {
      return issue('not-a-center', `${name} is not a supply centre`, line, where.column);
    }
    const owner = Object.entries(block.supplyCenters).find(([, list]) => list.includes(name));
    if (owner || block.unowned.includes(name)) {
      const what = owner ? `owned by ${owner[0]}` : 'unowned';
      return issue('duplicate-center', `${name} is already ${what}`, line, where.column);
    }
    if (power === undefined) block.unowned.push(name);
    else (block.supplyCenters[power] ??= []).push(name);
    return undefined;
  }
  const unit = UNIT_WORDS[kind.text.toLowerCase()];
  if (!unit) {
    return issue(
      'bad-line',
      `expected army, fleet, army/dislodged, fleet/dislodged or supply, got "${kind.text}"`,
      line,
      kind.column,
    );
  }
  const problem = terrainProblem(map, unit.type, location);
  if (problem) return issue('bad-unit', problem, line, where.column);
  if (power === undefined) return issue('unknown-power', `unknown nation "${nation}"`, line, indent + 1);
  const list = unit.dislodged ? block.dislodged : block.units;
  const there = list.find((u) => province(map, u.location) === p);
  if (there?.power === power && there.type === unit.type && there.location === code) {
    return issue('repeated-unit', `${power} ${unit.type} ${code} is listed twice`, line, where.column);
  }
  if (there) {
    const what = unit.dislodged ? 'a dislodged unit' : 'a unit';
    return issue('duplicate-unit', `${what} of ${there.power} is already in ${code}`, line, where.column);
  }
  list.push({ power, type: unit.type, location: code });
  return undefined;
}

/** Why a unit of `type` cannot stand in `location`, or undefined when it can. */
function terrainProblem(map: GameMap, type: UnitType, location: number): string | undefined {
  const p = map.locationProvince[location] ?? -1;
  const terrain = map.provinceKind[p];
  const code = map.locationCode[location] ?? '';
  const coasts = map.provinceCoasts[p]?.length ?? 0;
  if (type === 'A') {
    if (terrain === 'land' || terrain === 'coast')
      return location === p ? undefined : `an army cannot stand on ${code}`;
    return `an army cannot stand in ${code} (${terrain ?? 'unknown'})`;
  }
  if (terrain !== 'sea' && terrain !== 'coast')
    return `a fleet cannot stand in ${code} (${terrain ?? 'unknown'})`;
  if (coasts > 0 && location === p) return `a fleet in ${code} must name its coast`;
  return undefined;
}

/** The unit a godip order names by its province: on the board, or dislodged in a retreat phase. */
function unitAt(map: GameMap, block: Block, p: number): Unit | undefined {
  const board = block.phase.type === 'retreat' ? block.dislodged : block.units;
  return (
    board.find((u) => province(map, u.location) === p) ??
    [...block.units, ...block.dislodged].find((u) => province(map, u.location) === p)
  );
}

/**
 * An order line: `lon move nth [via convoy]`, `lon support yor [move nth]`, `nth convoy lon move nor`, `lon hold`,
 * `lon disband`, `remove lon`, `build Army lon`. The province words are checked against the map; whether there is
 * a unit of the right kind is for the replay.
 */
function readOrder(map: GameMap, block: Block, entry: OrderLine): { order: Order } | Issue {
  const w = entry.words;
  const expected = (at: Word | undefined, what: string): Issue =>
    issue(
      'bad-order',
      at === undefined ? `expected ${what} at the end of the order` : `expected ${what}, got "${at.text}"`,
      entry.line,
      at?.column ?? (w[w.length - 1]?.column ?? 1) + (w[w.length - 1]?.text.length ?? 0),
    );
  let i = 0;
  const place = (): string | Issue => {
    const at = w[i++];
    if (at === undefined) return expected(at, 'a province');
    const location = lookupLocation(map, at.text);
    if (location < 0) {
      const known = splitCoast(map, at.text).province >= 0;
      const message = known ? `unknown coast "${at.text}"` : `unknown province "${at.text}"`;
      return issue('unknown-province', message, entry.line, at.column);
    }
    return map.locationCode[location] ?? '';
  };
  const keyword = (...allowed: string[]): string | Issue => {
    const at = w[i++];
    const k = at?.text.toLowerCase();
    if (k === undefined || !allowed.includes(k)) return expected(at, allowed.join(' or '));
    return k;
  };
  const end = (order: Order): { order: Order } | Issue =>
    i < w.length ? expected(w[i], 'the end of the order') : { order };
  const first = w[0]?.text.toLowerCase();
  if (first === 'build') {
    // "build anywhere Army lah": the words godip's build-anywhere maps use; the map's build rule decides.
    i = w[1]?.text.toLowerCase() === 'anywhere' ? 2 : 1;
    const type = keyword('army', 'fleet');
    if (typeof type !== 'string') return type;
    const at = place();
    if (typeof at !== 'string') return at;
    return end({ kind: 'build', unit: { type: type === 'army' ? 'A' : 'F', location: at } });
  }
  if (first === 'remove') {
    i = 1;
    const at = place();
    if (typeof at !== 'string') return at;
    return end({ kind: 'disband', unit: { location: at } });
  }
  const from = place();
  if (typeof from !== 'string') return from;
  const unit: UnitRef = { location: from };
  const verb = keyword('move', 'support', 'hold', 'convoy', 'disband');
  if (typeof verb !== 'string') return verb;
  if (verb === 'hold' || verb === 'disband') {
    return end({ kind: verb, unit });
  }
  const target = place();
  if (typeof target !== 'string') return target;
  if (verb === 'move') {
    if (i < w.length) {
      const via = keyword('via');
      if (typeof via !== 'string') return via;
      const convoy = keyword('convoy');
      if (typeof convoy !== 'string') return convoy;
      return end({ kind: 'move', unit, to: target, viaConvoy: true });
    }
    return end({ kind: 'move', unit, to: target });
  }
  const other: UnitRef = { location: target };
  if (verb === 'support' && i === w.length) return end({ kind: 'support', unit, supported: other });
  const move = keyword('move');
  if (typeof move !== 'string') return move;
  const to = place();
  if (typeof to !== 'string') return to;
  return end(
    verb === 'support'
      ? { kind: 'support', unit, supported: other, to }
      : { kind: 'convoy', unit, army: other, to },
  );
}

/** Reads the order lines of a block into submitted orders, now that its positions are known. */
function readOrders(map: GameMap, block: Block, issues: Issue[]): void {
  for (const entry of block.orderLines) {
    const read = readOrder(map, block, entry);
    if (!('order' in read)) {
      issues.push(read);
      continue;
    }
    const { order } = read;
    const written = entry.words.map((x) => x.text).join(' ');
    if (order.kind === 'waive') continue;
    const p = province(map, order.unit.location);
    let power: string | undefined;
    if (order.kind === 'build') {
      const code = map.locationCode[p] ?? '';
      power = Object.entries(block.supplyCenters).find(([, list]) => list.includes(code))?.[0];
    } else {
      const unit = unitAt(map, block, p);
      power = unit?.power;
      if (unit) order.unit = { ...order.unit, type: unit.type };
    }
    if (power === undefined) {
      const where = map.locationCode[p] ?? order.unit.location;
      const message = order.kind === 'build' ? `no power owns ${where}` : `there is no unit in ${where}`;
      block.unreadable.push({ power: '?', text: written, message });
      continue;
    }
    block.orders.push({ power, text: formatOrder(map, order), order });
  }
}

/**
 * The province the unit `mover` now in `target` came from, with its move order, among the moves `before` records
 * into `target` by a unit of its power and type; of several, one whose origin no longer holds such a unit (the
 * others bounced and stayed).
 */
function moveInto(
  map: GameMap,
  before: Block,
  after: Block,
  target: number,
  mover: Unit,
): { from: string; order: Order & { kind: 'move' } } | undefined {
  const candidates: { from: string; order: Order & { kind: 'move' }; stayed: boolean }[] = [];
  const same = (u: Unit, p: number): boolean =>
    u.power === mover.power && u.type === mover.type && province(map, u.location) === p;
  for (const o of before.orders) {
    const order = o.order;
    if (order.kind !== 'move' || province(map, order.to) !== target) continue;
    const p = province(map, order.unit.location);
    if (!before.units.some((u) => same(u, p))) continue;
    const stayed = after.units.some((u) => same(u, p));
    candidates.push({ from: map.locationCode[p] ?? '', order, stayed });
  }
  const found = candidates.find((c) => !c.stayed) ?? candidates[0];
  return found && { from: found.from, order: found.order };
}

/**
 * The retreat position's dislodged units with their attackers' origins, and the provinces a standoff left empty,
 * worked out from the movement phase before it (see the module comment).
 */
function retreatContext(
  map: GameMap,
  before: Block,
  block: Block,
  issues: Issue[],
): { dislodged: DislodgedUnit[]; contested: string[] } {
  const dislodged = block.dislodged.map((d): DislodgedUnit => {
    const p = province(map, d.location);
    const attacker = block.units.find((u) => province(map, u.location) === p);
    const move = attacker && moveInto(map, before, block, p, attacker);
    if (!move) {
      const message = `the orders of ${phaseName(before.phase)} do not show which unit dislodged ${d.power} ${d.type} ${d.location}`;
      issues.push(issue('no-attacker', message, block.line, 1));
      return { ...d, attackerFrom: '' };
    }
    const from = province(map, move.from);
    const convoyed =
      move.order.viaConvoy === true ||
      (d.type === 'A' && attacker?.type === 'A' && !armyAdjacent(map, from, p));
    return convoyed ? { ...d, attackerFrom: move.from, byConvoy: true } : { ...d, attackerFrom: move.from };
  });
  const occupied = new Set(block.units.map((u) => province(map, u.location)));
  const tries = new Map<number, number>();
  for (const o of before.orders) {
    if (o.order.kind !== 'move') continue;
    const to = province(map, o.order.to);
    const from = province(map, o.order.unit.location);
    const unit = before.units.find((u) => province(map, u.location) === from);
    if (!unit || occupied.has(to)) continue;
    const reachable =
      unit.type === 'A'
        ? armyAdjacent(map, from, to) || map.provinceKind[from] === 'coast'
        : fleetCanReach(map, lookupLocation(map, unit.location), to);
    if (reachable) tries.set(to, (tries.get(to) ?? 0) + 1);
  }
  const contested = [...tries]
    .filter(([, n]) => n >= 2)
    .map(([p]) => p)
    .sort((a, b) => a - b)
    .map((p) => map.locationCode[p] ?? '');
  return { dislodged, contested };
}

/** Reads a godip game file as a recorded game on `map`. Lines with errors are left out, each with an issue. */
export function readGodipGame(map: GameMap, text: string): Result<RecordedGame> {
  const issues: Issue[] = [];
  const blocks: Block[] = [];
  let section: 'none' | 'positions' | 'orders' = 'none';
  let block: Block | undefined;
  let skipping = false;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const w = words(raw);
    const head = w[0];
    if (head === undefined) return;
    const indented = /^\s/.test(raw);
    const keyword = indented ? '' : head.text.toUpperCase();
    if (keyword === 'PHASE') {
      const phase = readPhase(map, w.slice(1), line);
      section = 'none';
      if ('code' in phase) {
        issues.push(phase);
        block = undefined;
        skipping = true;
        return;
      }
      skipping = false;
      block = {
        line,
        phase,
        units: [],
        dislodged: [],
        supplyCenters: {},
        unowned: [],
        orderLines: [],
        orders: [],
        unreadable: [],
      };
      blocks.push(block);
      return;
    }
    if (skipping) return; // the lines of a phase whose PHASE line was bad
    if (!block) {
      issues.push(issue('expected-phase', `expected PHASE, got "${head.text}"`, line, head.column));
      skipping = true;
      return;
    }
    if (keyword === 'POSITIONS' || keyword === 'ORDERS') {
      if (w.length > 1) {
        issues.push(issue('bad-line', `nothing may follow ${keyword}`, line, w[1]?.column));
      }
      if (keyword === 'ORDERS' && section !== 'positions') {
        issues.push(issue('expected-positions', 'expected POSITIONS before ORDERS', line, head.column));
      }
      section = keyword === 'POSITIONS' ? 'positions' : 'orders';
      return;
    }
    if (section === 'positions' && indented) {
      const problem = readPositionLine(map, block, raw, line);
      if (problem) issues.push(problem);
    } else if (section === 'orders' && indented) {
      block.orderLines.push({ line, words: w });
    } else if (section === 'none') {
      issues.push(issue('expected-positions', `expected POSITIONS, got "${head.text}"`, line, head.column));
    } else {
      const what = section === 'positions' ? 'a position' : 'an order';
      const message = `expected ${what} (indented) or PHASE, got "${head.text}"`;
      issues.push(issue(indented ? 'bad-line' : 'expected-phase', message, line, head.column));
    }
  });
  if (blocks.length === 0) {
    if (issues.length === 0) issues.push(issue('expected-phase', 'the file has no PHASE', 1, 1));
    return { issues };
  }
  const phases: RecordedPhase[] = blocks.map((b, i) => {
    readOrders(map, b, issues);
    const before = blocks[i - 1];
    const context =
      b.phase.type === 'retreat' && before?.phase.type === 'movement'
        ? retreatContext(map, before, b, issues)
        : { dislodged: b.dislodged.map((d) => ({ ...d, attackerFrom: '' })), contested: [] };
    const position: Position = { phase: b.phase, units: b.units, ...context, supplyCenters: b.supplyCenters };
    const phase: RecordedPhase = { name: phaseName(b.phase), position, orders: b.orders };
    if (b.unreadable.length > 0) phase.unreadable = b.unreadable;
    return phase;
  });
  issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    value: {
      map: mapId(map),
      options: { victoryCenters: map.victoryCenters, rules: [...GODIP_RULES], unretreatable: 'disband' },
      phases,
    },
    issues,
  };
}

/** Whether a text looks like a godip game file: its first line that is not blank starts with PHASE. */
export function looksLikeGodip(text: string): boolean {
  return /^\s*PHASE\s/i.test(text);
}
