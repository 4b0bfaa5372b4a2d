/**
 * The game JSON of the MILA `diplomacy` package and of dipcc (the format of the AI datasets), in and out.
 *
 * ```jsonc
 * { "id": "...", "map": "standard", "rules": ["NO_PRESS"],
 *   "phases": [
 *     { "name": "S1901M",
 *       "state": { "name": "S1901M", "phase": "SPRING 1901 MOVEMENT", "game_id": "...", "map": "standard",
 *                  "rules": [...],
 *                  "units": { "FRANCE": ["A PAR", "F BRE", "*A MUN"] },     // "*": dislodged (retreat phases)
 *                  "retreats": { "GERMANY": { "A MUN": ["BOH", "TYR"] } },   // retreat phases
 *                  "centers": { "FRANCE": ["BRE", "MAR", "PAR"] },
 *                  "homes": { "FRANCE": ["BRE", "MAR", "PAR"] },
 *                  "influence": { ... }, "civil_disorder": { "FRANCE": 0 },
 *                  "builds": { "FRANCE": { "count": 1, "homes": ["PAR"] } } },
 *       "orders": { "FRANCE": ["A PAR - BUR", "F BRE - MAO"] },   // also "A LON - BEL VIA", "F NTH C A LON - BEL",
 *                                                                   // "F BLA R SEV", "A PAR B", "F STP/SC B", "A MUN D"
 *       "results": { "A PAR": [], "F BRE": ["bounce"] },
 *       "messages": [{ "sender": "FRANCE", "recipient": "ENGLAND", "message": "DMZ in the Channel?",   // or "ALL"
 *                      "phase": "S1901M", "time_sent": 1700000000000000 }] },
 *     ...,
 *     { "name": "COMPLETED", "state": { ... the final position ... }, "orders": {}, "results": {} } ] }
 * ```
 *
 * Import is tolerant: only `phases`, and per phase `name` and `state.units`, are required; a missing `centers` is
 * taken from the phase before (and then not compared by a replay); unknown fields are ignored; an order that cannot
 * be read is kept aside (`unreadable`) with a warning. MILA does not record where the attacker of a dislodged unit
 * came from nor which provinces a standoff left empty; both are worked out from the recorded `retreats`, so that the
 * retreat rules give exactly the recorded options (a province allowed to no dislodged unit is taken as contested;
 * one allowed to another unit but not to this one is this unit's attacker's origin).
 *
 * Export writes every phase played, then the current phase (with any orders given so far and no results) or, for a
 * finished game, a `COMPLETED` phase with the final position. `results` uses MILA's words: "bounce", "cut",
 * "dislodged", "void", "no convoy", "disrupted", "disband". `influence` is worked out phase by phase (the provinces a
 * power's units last stood in). A `dipkit` field keeps the options and the result for our own import.
 *
 * Press: each phase's `messages` are read into the game's messages (`sender` and `recipient` powers, "ALL" or
 * MILA's "GLOBAL" for everyone, `message` the text, `phase` (the enclosing phase when absent), `time_sent` kept as
 * recorded) and written back the same way, each message in the phase it names, in the order read; a message to
 * several powers (which MILA cannot say) is written once per recipient. A game with messages is not written
 * with MILA's NO_PRESS rule.
 *
 * Issue codes: not-json, bad-format, unknown-map, missing-field, bad-field, bad-phase, bad-unit, bad-position
 * (errors: no game); unreadable-order, unknown-power, unreadable-message (warnings).
 */
import { issue, type Issue, type Result } from '../issues.js';
import { armyNeighbours, fleetNeighbours, lookupLocation, lookupPower, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { isNeutral, neutralNameOf, unitOwnerNames } from '../map/neutral.js';
import { formatOrder } from '../orders/format.js';
import { parseOrder } from '../orders/parse.js';
import type { Order, UnitRef } from '../orders/types.js';
import type { DislodgedUnit, Phase, Position, Unit } from '../position/types.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import { resolveRules } from '../adjudication/rules.js';
import { adjustmentsDue, initialOwnership, retreatOptions } from '../game/centers.js';
import {
  type Game,
  type GameOptions,
  type GameStatus,
  type PhaseRecord,
  resolvePhase,
  sortUnits,
  type SubmittedOrder,
} from '../game/game.js';
import type { RecordedGame, RecordedPhase } from '../game/history.js';
import { ALL, recipientsOf, type GameMessage } from '../game/messages.js';
import { firstPhase, nextPhase, parsePhaseName, phaseName } from '../game/phases.js';
import { mapId, mapNamed, parseJson, unknownMap } from './game-json.js';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const SEASON_WORD = { spring: 'SPRING', fall: 'FALL', winter: 'WINTER' } as const;
const TYPE_WORD = { movement: 'MOVEMENT', retreat: 'RETREATS', adjustment: 'ADJUSTMENTS' } as const;

/** "SPRING 1901 MOVEMENT", as MILA writes `state.phase`. */
function longPhaseName(phase: Phase): string {
  return `${SEASON_WORD[phase.season]} ${phase.year} ${TYPE_WORD[phase.type]}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Export

/** The MILA text of an order: unit types filled in from the position, retreats written with R, paths as VIA. */
export function milaOrderText(map: GameMap, position: Position, order: Order): string {
  const type = position.phase.type;
  const board = type === 'retreat' ? position.dislodged : position.units;
  const fill = (ref: UnitRef, units: readonly Unit[]): UnitRef => {
    const province = splitCoast(map, ref.location).province;
    const unit = units.find((u) => splitCoast(map, u.location).province === province);
    const out: UnitRef = { location: ref.location };
    const t = ref.type ?? unit?.type;
    if (t !== undefined) out.type = t;
    if (unit && (ref.type === undefined || ref.type === unit.type)) out.location = unit.location;
    return out;
  };
  switch (order.kind) {
    case 'waive':
      return 'WAIVE';
    case 'build': {
      const unit: UnitRef = { location: order.unit.location };
      const p = splitCoast(map, order.unit.location).province;
      const t = order.unit.type ?? (map.provinceKind[p] === 'land' ? 'A' : undefined);
      if (t !== undefined) unit.type = t;
      return formatOrder(map, { kind: 'build', unit });
    }
    case 'move': {
      const unit = fill(order.unit, board);
      if (type === 'retreat')
        return `${unit.type === undefined ? '' : `${unit.type} `}${unit.location} R ${order.to}`;
      const out: Order = { kind: 'move', unit, to: order.to };
      if (order.viaConvoy === true || (order.path?.length ?? 0) > 0) out.viaConvoy = true;
      return formatOrder(map, out);
    }
    case 'hold':
    case 'disband':
      return formatOrder(map, { kind: order.kind, unit: fill(order.unit, board) });
    case 'support': {
      const out: Order = {
        kind: 'support',
        unit: fill(order.unit, board),
        supported: fill(order.supported, board),
      };
      if (order.to !== undefined) out.to = order.to;
      return formatOrder(map, out);
    }
    case 'convoy':
      return formatOrder(map, {
        kind: 'convoy',
        unit: fill(order.unit, board),
        army: fill(order.army, board),
        to: order.to,
      });
  }
}

/** `make` of each power, map order; `owners` a list of names instead (`unitOwnerNames`: and NEUTRAL). */
function perPower<T>(
  map: GameMap,
  make: (power: string) => T,
  owners: readonly string[] = map.powers,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const power of owners) out[power] = make(power);
  return out;
}

/** `units`, `retreats`, `centers`, `homes`, `builds`: the parts of a MILA state that follow from a position. */
function stateOf(map: GameMap, position: Position, name: string, gameId: string): Obj {
  const retreats = position.phase.type === 'retreat' ? retreatOptions(map, position) : [];
  const due = position.phase.type === 'adjustment' ? adjustmentsDue(map, position) : [];
  return {
    name,
    phase: name === 'COMPLETED' ? 'COMPLETED' : longPhaseName(position.phase),
    game_id: gameId,
    map: mapId(map),
    rules: ['NO_PRESS'],
    // A map with neutral armies lists them as the units of "NEUTRAL".
    units: perPower(
      map,
      (p) => [
        ...position.units.filter((u) => u.power === p).map((u) => `${u.type} ${u.location}`),
        ...position.dislodged.filter((u) => u.power === p).map((u) => `*${u.type} ${u.location}`),
      ],
      unitOwnerNames(map),
    ),
    retreats: perPower(map, (p) => {
      const out: Record<string, string[]> = {};
      for (const r of retreats) if (r.unit.power === p) out[`${r.unit.type} ${r.unit.location}`] = r.retreats;
      return out;
    }),
    centers: perPower(map, (p) => [...(position.supplyCenters[p] ?? [])]),
    homes: perPower(map, (p) =>
      (map.homeCenters[map.powers.indexOf(p)] ?? []).map((h) => map.locationCode[h] ?? ''),
    ),
    civil_disorder: perPower(map, () => 0),
    builds: perPower(map, (p) => {
      const a = due.find((x) => x.power === p);
      return { count: a?.change ?? 0, homes: a && a.change > 0 ? a.buildSites : [] };
    }),
  };
}

/** MILA's result words for each unit of a played phase. */
function resultsOf(record: PhaseRecord): Record<string, string[]> {
  const results: Record<string, string[]> = {};
  const type = record.position.phase.type;
  if (type === 'movement') {
    for (const u of record.position.units) results[`${u.type} ${u.location}`] = [];
    const done = new Set<string>();
    const words = (o: OrderOutcome): string[] => {
      switch (o.reason.code) {
        case 'bounced':
        case 'own-unit':
          return ['bounce'];
        case 'no-path':
        case 'no-convoy-ordered':
          return ['no convoy'];
        case 'cut':
        case 'cut-by-dislodgement':
          return ['cut'];
        case 'not-matching':
        case 'impossible-move':
        case 'civil-disorder':
        case 'illegal':
          return ['void'];
        case 'convoy-dislodged':
        case 'paradox':
          return ['disrupted'];
        case 'moved':
        case 'circular-movement':
        case 'given':
        case 'available':
        case 'stands':
        case 'retreated':
        case 'retreat-clash':
        case 'disbanded':
        case 'built':
        case 'waived':
          return [];
      }
    };
    for (const o of record.outcomes) {
      if (o.unit === undefined || !(o.unit in results)) continue;
      if (o.resolution === 'illegal') continue;
      done.add(o.unit);
      results[o.unit] = words(o);
    }
    for (const o of record.outcomes) {
      if (o.unit !== undefined && o.unit in results && o.resolution === 'illegal' && !done.has(o.unit)) {
        results[o.unit] = ['void'];
      }
    }
    for (const d of record.dislodged ?? []) results[d.unit] = [...(results[d.unit] ?? []), 'dislodged'];
  } else if (type === 'retreat') {
    for (const u of record.position.dislodged) results[`${u.type} ${u.location}`] = [];
    for (const o of record.outcomes) {
      if (o.unit !== undefined && o.reason.code === 'retreat-clash') results[o.unit] = ['bounce'];
    }
    for (const u of record.disbanded ?? []) {
      const key = `${u.type} ${u.location}`;
      results[key] = [...(results[key] ?? []), 'disband'];
    }
  } else {
    for (const o of record.outcomes) {
      if (o.resolution !== 'succeeds') continue;
      if (o.reason.code === 'waived') results['WAIVE'] = [];
      else if (o.unit !== undefined) results[o.unit] = [];
    }
    for (const u of record.civilDisorder ?? []) results[`${u.type} ${u.location}`] = ['disband'];
  }
  return results;
}

/** Provinces each power's units last stood in, updated with the units of `position`. */
function updateInfluence(map: GameMap, influence: Int32Array, position: Position): void {
  for (const u of [...position.units, ...position.dislodged]) {
    const p = splitCoast(map, u.location).province;
    if (p >= 0 && !isNeutral(map, u.power)) influence[p] = map.powers.indexOf(u.power);
  }
}

function influenceRecord(map: GameMap, influence: Int32Array): Record<string, string[]> {
  const out = perPower(map, () => [] as string[]);
  for (let p = 0; p < map.provinceCount; p++) {
    const power = map.powers[influence[p] ?? -1];
    if (power !== undefined) out[power]?.push(map.locationCode[p] ?? '');
  }
  return out;
}

function ordersRecord(
  map: GameMap,
  position: Position,
  orders: readonly SubmittedOrder[],
): Record<string, string[]> {
  return perPower(map, (p) =>
    orders.filter((o) => o.power === p).map((o) => milaOrderText(map, position, o.order)),
  );
}

/** A message as MILA writes it: one per recipient. */
function milaMessages(message: GameMessage): Obj[] {
  return (recipientsOf(message) ?? [ALL]).map((recipient) => ({
    sender: message.sender,
    recipient,
    message: message.text,
    phase: message.phase,
    time_sent: message.time,
  }));
}

/** The game as a MILA/dipcc JSON value. */
export function gameToMila(map: GameMap, game: Game): Obj {
  const id = game.id ?? 'dipkit-game';
  const messages = game.messages ?? [];
  const rules = messages.length > 0 ? [] : ['NO_PRESS'];
  const influence = new Int32Array(map.provinceCount).fill(-1);
  const phases: Obj[] = game.history.map((r) => {
    updateInfluence(map, influence, r.position);
    return {
      name: r.name,
      state: { ...stateOf(map, r.position, r.name, id), influence: influenceRecord(map, influence) },
      orders: ordersRecord(map, r.position, r.orders),
      results: resultsOf(r),
      messages: [],
    };
  });
  const over = game.status !== 'active';
  const name = over ? 'COMPLETED' : phaseName(game.position.phase);
  updateInfluence(map, influence, game.position);
  phases.push({
    name,
    state: { ...stateOf(map, game.position, name, id), influence: influenceRecord(map, influence) },
    orders: over ? {} : ordersRecord(map, game.position, game.orders),
    results: {},
    messages: [],
  });
  // Each message in the phase it names; one naming no phase written here goes with the last.
  const last = phases[phases.length - 1] as Obj;
  for (const m of messages) {
    const home = phases.find((p) => p['name'] === m.phase) ?? last;
    (home['messages'] as Obj[]).push(...milaMessages(m));
  }
  for (const p of phases) (p['state'] as Obj)['rules'] = rules;
  const dipkit: Obj = { options: game.options, status: game.status };
  if (game.winner !== undefined) dipkit['winner'] = game.winner;
  return { id, map: mapId(map), rules, phases, dipkit };
}

/**
 * The game as MILA/dipcc JSON text: one phase per line inside `phases`, so that files stay small and a diff shows
 * which phase changed.
 */
export function writeMilaJson(map: GameMap, game: Game): string {
  const json = gameToMila(map, game);
  const { phases, ...top } = json as { phases: Obj[] } & Obj;
  const head = JSON.stringify(top);
  const body = phases.map((p) => `    ${JSON.stringify(p)}`).join(',\n');
  return `${head.slice(0, -1)},\n  "phases": [\n${body}\n  ]\n}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Import

interface Imported {
  recorded: RecordedGame;
  messages: GameMessage[];
  id?: string;
  status?: GameStatus;
  winner?: string;
}

/** A unit as MILA writes it: "A PAR", "F STP/SC", "*A MUN" (dislodged). */
function readUnit(map: GameMap, power: string, text: string): { unit: Unit; dislodged: boolean } | undefined {
  const m = /^\s*(\*?)\s*([AF])\s+(\S+)\s*$/i.exec(text);
  if (!m) return undefined;
  const type = (m[2] ?? '').toUpperCase() as 'A' | 'F';
  const loc = lookupLocation(map, m[3] ?? '');
  if (loc < 0) return undefined;
  const province = map.locationProvince[loc] ?? -1;
  const location = map.locationCode[type === 'A' ? province : loc] ?? '';
  return { unit: { power, type, location }, dislodged: m[1] === '*' };
}

/** Reads a MILA/dipcc game as a recorded game: positions and orders per phase. */
export function recordedFromMila(json: unknown): Result<Imported> {
  if (!isObject(json)) return { issues: [issue('bad-format', 'a MILA/dipcc game is a JSON object')] };
  const mapName = json['map'] ?? 'standard';
  if (typeof mapName !== 'string') return { issues: [issue('bad-field', '"map" must be a string')] };
  const map = mapNamed(mapName);
  if (!map) return { issues: [unknownMap(mapName)] };
  const phasesRaw = json['phases'];
  if (phasesRaw === undefined) return { issues: [issue('missing-field', 'missing field "phases"')] };
  if (!Array.isArray(phasesRaw)) return { issues: [issue('bad-field', '"phases" must be an array')] };
  if (phasesRaw.length === 0) return { issues: [issue('bad-field', '"phases" is empty')] };

  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const phases: RecordedPhase[] = [];
  const messages: GameMessage[] = [];
  let previous: RecordedPhase | undefined;
  phasesRaw.forEach((raw, i) => {
    const path = `phases[${i}]`;
    if (!isObject(raw)) {
      errors.push(issue('bad-field', `${path} must be an object`));
      return;
    }
    const name = raw['name'];
    if (typeof name !== 'string') {
      errors.push(issue('missing-field', `${path}: missing phase "name"`));
      return;
    }
    const where = `${path} (${name})`;
    let phase = parsePhaseName(name);
    if (name === 'COMPLETED') {
      if (i !== phasesRaw.length - 1)
        errors.push(issue('bad-phase', `${where}: COMPLETED must be the last phase`));
      phase = previous ? nextPhase(previous.position.phase, map.rules.calendar) : firstPhase(map);
    } else if (!phase || phaseName(phase) !== name.toUpperCase()) {
      errors.push(issue('bad-phase', `${where}: not a phase name like S1901M, F1901R, W1901A`));
      return;
    }
    const state = raw['state'];
    if (!isObject(state)) {
      errors.push(issue('missing-field', `${where}: missing "state"`));
      return;
    }
    const unitsRaw = state['units'];
    if (!isObject(unitsRaw)) {
      errors.push(issue('missing-field', `${where}: missing "state.units"`));
      return;
    }
    const units: Unit[] = [];
    const dislodged: Unit[] = [];
    for (const [powerName, list] of Object.entries(unitsRaw)) {
      const power = map.powers[lookupPower(map, powerName)] ?? neutralNameOf(map, powerName);
      if (power === undefined) {
        errors.push(issue('bad-field', `${where}: unknown power "${powerName}" in state.units`));
        continue;
      }
      if (!Array.isArray(list)) {
        errors.push(issue('bad-field', `${where}: state.units.${powerName} must be an array`));
        continue;
      }
      for (const text of list) {
        const u = typeof text === 'string' ? readUnit(map, power, text) : undefined;
        if (!u)
          errors.push(issue('bad-unit', `${where}: cannot read unit ${JSON.stringify(text)} of ${power}`));
        else (u.dislodged ? dislodged : units).push(u.unit);
      }
    }
    // Retreat options, which also name dislodged units.
    let retreats: Record<string, string[]> | undefined;
    const retreatsRaw = state['retreats'];
    if (isObject(retreatsRaw)) {
      for (const [powerName, entries] of Object.entries(retreatsRaw)) {
        const power = map.powers[lookupPower(map, powerName)];
        if (power === undefined || !isObject(entries)) continue;
        for (const [unitText, options] of Object.entries(entries)) {
          const u = readUnit(map, power, unitText);
          if (!u || !Array.isArray(options)) {
            errors.push(issue('bad-unit', `${where}: cannot read retreat entry ${JSON.stringify(unitText)}`));
            continue;
          }
          retreats ??= {};
          retreats[`${u.unit.type} ${u.unit.location}`] = options
            .filter((o): o is string => typeof o === 'string')
            .map((o) => map.locationCode[lookupLocation(map, o)] ?? o.toUpperCase());
          const key = `${u.unit.type} ${u.unit.location}`;
          if (!dislodged.some((d) => `${d.type} ${d.location}` === key)) dislodged.push(u.unit);
        }
      }
    }
    // Centres: recorded, or the previous phase's.
    let centersRecorded = true;
    let supplyCenters: Record<string, string[]>;
    const centersRaw = state['centers'];
    if (isObject(centersRaw)) {
      supplyCenters = perPower(map, () => [] as string[]);
      for (const [powerName, list] of Object.entries(centersRaw)) {
        const power = map.powers[lookupPower(map, powerName)];
        if (power === undefined || !Array.isArray(list)) {
          errors.push(issue('bad-field', `${where}: bad state.centers entry "${powerName}"`));
          continue;
        }
        for (const c of list) {
          const p = typeof c === 'string' ? splitCoast(map, c).province : -1;
          if (p < 0 || map.supplyCenter[p] !== 1) {
            errors.push(issue('bad-field', `${where}: ${JSON.stringify(c)} is not a supply centre`));
          } else supplyCenters[power]?.push(map.locationCode[p] ?? '');
        }
      }
    } else {
      centersRecorded = false;
      supplyCenters = previous ? previous.position.supplyCenters : initialOwnership(map);
    }
    const context = dislodgedContext(map, units, dislodged, retreats);
    const position: Position = {
      phase,
      units: sortUnits(map, units),
      dislodged: sortUnits(map, context.dislodged),
      contested: context.contested,
      supplyCenters,
    };
    if (dislodged.length > 0 && phase.type !== 'retreat') {
      errors.push(issue('bad-position', `${where}: dislodged units outside a retreat phase`));
    }
    // Orders.
    const orders: SubmittedOrder[] = [];
    const unreadable: { power: string; text: string; message: string }[] = [];
    const ordersRaw = raw['orders'];
    if (isObject(ordersRaw)) {
      for (const power of map.powers) {
        const key = Object.keys(ordersRaw).find((k) => map.powers[lookupPower(map, k)] === power);
        const list = key === undefined ? undefined : ordersRaw[key];
        if (!Array.isArray(list)) continue;
        for (const text of list) {
          if (typeof text !== 'string') continue;
          const parsed = parseOrder(map, text);
          const given = parsed.value;
          const message = parsed.issues.map((x) => x.message).join('; ');
          if (!given || (given.power !== undefined && given.power !== power)) {
            const why = given ? `an order of ${given.power ?? '?'}` : message;
            unreadable.push({ power, text, message: why });
            warnings.push(issue('unreadable-order', `${where}: ${power} ${JSON.stringify(text)}: ${why}`));
          } else orders.push({ power, text, order: given.order });
        }
      }
      for (const k of Object.keys(ordersRaw)) {
        if (lookupPower(map, k) < 0)
          warnings.push(issue('unknown-power', `${where}: orders of unknown power "${k}"`));
      }
    }
    const recorded: RecordedPhase = {
      name: name === 'COMPLETED' ? name : phaseName(phase),
      position,
      orders,
    };
    if (unreadable.length > 0) recorded.unreadable = unreadable;
    if (retreats !== undefined) recorded.retreats = retreats;
    if (!centersRecorded) recorded.centersRecorded = false;
    messages.push(...readMessages(map, raw['messages'], name, where, warnings));
    phases.push(recorded);
    previous = recorded;
  });
  if (errors.length > 0) return { issues: errors };
  exactRetreatContext(map, phases);

  const options: GameOptions = { victoryCenters: map.victoryCenters };
  const result: Imported = { recorded: { map: mapId(map), options, phases }, messages };
  const extra = json['dipkit'];
  if (isObject(extra)) {
    const o = extra['options'];
    if (isObject(o)) {
      const v = o['victoryCenters'];
      const y = o['maxYear'];
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= map.supplyCenterCount) {
        options.victoryCenters = v;
      }
      if (typeof y === 'number' && Number.isInteger(y)) options.maxYear = y;
      const rules = o['rules'];
      if (
        Array.isArray(rules) &&
        rules.length > 0 &&
        rules.every((x) => typeof x === 'string') &&
        resolveRules('datc', rules).value
      )
        options.rules = rules;
      const unretreatable = o['unretreatable'];
      if (unretreatable === 'disband' || unretreatable === 'retreat-phase')
        options.unretreatable = unretreatable;
    }
    const s = extra['status'];
    if (s === 'active' || s === 'won' || s === 'draw') result.status = s;
    const w = extra['winner'];
    if (typeof w === 'string' && map.powers.includes(w)) result.winner = w;
  }
  if (typeof json['id'] === 'string') result.id = json['id'];
  return { value: result, issues: warnings };
}

/**
 * A phase's `messages`; a message that cannot be read (no known sender or recipient, no text) is left out with a
 * warning. The text and `time_sent` are kept exactly as recorded.
 */
function readMessages(
  map: GameMap,
  raw: unknown,
  phaseName: string,
  where: string,
  warnings: Issue[],
): GameMessage[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    warnings.push(issue('unreadable-message', `${where}: "messages" must be an array; left out`));
    return [];
  }
  const out: GameMessage[] = [];
  raw.forEach((m, i) => {
    const at = `${where} messages[${i}]`;
    const skip = (why: string): void => {
      warnings.push(issue('unreadable-message', `${at}: ${why}; left out`));
    };
    if (!isObject(m)) return skip('not an object');
    const { sender, recipient, message, phase, time_sent: time } = m;
    const from = typeof sender === 'string' ? map.powers[lookupPower(map, sender)] : undefined;
    if (from === undefined) return skip(`unknown sender ${JSON.stringify(sender)}`);
    let to: string | undefined;
    if (recipient === ALL || recipient === 'GLOBAL') to = ALL;
    else if (typeof recipient === 'string') to = map.powers[lookupPower(map, recipient)];
    if (to === undefined) return skip(`unknown recipient ${JSON.stringify(recipient)}`);
    if (typeof message !== 'string') return skip('no "message" text');
    if (phase !== undefined && typeof phase !== 'string') return skip('"phase" is not a string');
    if (time !== undefined && (typeof time !== 'number' || !Number.isSafeInteger(time)))
      return skip('"time_sent" is not a whole number');
    out.push({ phase: phase ?? phaseName, sender: from, to, text: message, time: time ?? 0 });
  });
  return out;
}

/**
 * Where each dislodged unit's attacker came from and which provinces a standoff left empty, worked out from the
 * recorded retreat options (see the module comment). Without recorded options, the dislodged units get no
 * restriction beyond the map and the occupied provinces.
 */
function dislodgedContext(
  map: GameMap,
  units: readonly Unit[],
  dislodged: readonly Unit[],
  retreats: Record<string, string[]> | undefined,
): { dislodged: DislodgedUnit[]; contested: string[] } {
  const occupied = new Uint8Array(map.provinceCount);
  for (const u of units) {
    const p = splitCoast(map, u.location).province;
    if (p >= 0) occupied[p] = 1;
  }
  const neighbours = (u: Unit): number[] => {
    const loc = lookupLocation(map, u.location);
    if (loc < 0) return [];
    if (u.type === 'A') return [...armyNeighbours(map, map.locationProvince[loc] ?? -1)];
    return [...new Set([...fleetNeighbours(map, loc)].map((l) => map.locationProvince[l] ?? -1))];
  };
  const allowed = dislodged.map(
    (u) => new Set((retreats?.[`${u.type} ${u.location}`] ?? []).map((o) => splitCoast(map, o).province)),
  );
  const allowedAny = new Set(allowed.flatMap((s) => [...s]));
  const contested = new Set<number>();
  const result = dislodged.map((u, i): DislodgedUnit => {
    const own = splitCoast(map, u.location).province;
    const entry: DislodgedUnit = { ...u, attackerFrom: map.locationCode[own] ?? u.location };
    if (!retreats || retreats[`${u.type} ${u.location}`] === undefined) return entry;
    const excluded = neighbours(u).filter((p) => occupied[p] === 0 && !(allowed[i] as Set<number>).has(p));
    const attacker = excluded.find((p) => allowedAny.has(p));
    if (attacker !== undefined) entry.attackerFrom = map.locationCode[attacker] ?? entry.attackerFrom;
    for (const p of excluded) if (!allowedAny.has(p)) contested.add(p);
    return entry;
  });
  return {
    dislodged: result,
    contested: [...contested].sort((a, b) => a - b).map((p) => map.locationCode[p] ?? ''),
  };
}

/**
 * Where a retreat phase follows its movement phase and our adjudication of that movement gives exactly the recorded
 * units, dislodged units and retreat options, the retreat position takes the attackers' origins and the contested
 * provinces from that adjudication (which knows them) rather than from the inference of `dislodgedContext`.
 */
function exactRetreatContext(map: GameMap, phases: RecordedPhase[]): void {
  for (let i = 1; i < phases.length; i++) {
    const phase = phases[i] as RecordedPhase;
    const before = phases[i - 1] as RecordedPhase;
    if (phase.position.phase.type !== 'retreat' || before.position.phase.type !== 'movement') continue;
    // Every dislodged unit, also those with no retreat, which the recording may have disbanded at once.
    const options: GameOptions = { victoryCenters: map.victoryCenters, unretreatable: 'retreat-phase' };
    const all = resolvePhase(map, before.position, before.orders, options).value?.next;
    if (!all || all.phase.type !== 'retreat') continue;
    const key = (u: Unit): string => `${u.power} ${u.type} ${u.location}`;
    const same = (a: readonly Unit[], b: readonly Unit[]): boolean =>
      a.map(key).sort().join() === b.map(key).sort().join();
    const recorded = new Set(phase.position.dislodged.map(key));
    const dropped = retreatOptions(map, all).filter((r) => !recorded.has(key(r.unit)));
    if (dropped.some((r) => r.retreats.length > 0)) continue;
    const ours: Position = { ...all, dislodged: all.dislodged.filter((d) => recorded.has(key(d))) };
    if (!same(ours.units, phase.position.units) || !same(ours.dislodged, phase.position.dislodged)) continue;
    const provinces = (list: readonly string[]): string =>
      [...new Set(list.map((l) => splitCoast(map, l).province))].sort((a, b) => a - b).join();
    const agrees = retreatOptions(map, ours).every((r) => {
      const recorded = phase.retreats?.[`${r.unit.type} ${r.unit.location}`];
      return recorded === undefined || provinces(recorded) === provinces(r.retreats);
    });
    if (!agrees) continue;
    phase.position = { ...phase.position, dislodged: ours.dislodged, contested: ours.contested };
  }
}

/**
 * A game from a recorded game: each phase but the last is played again with its recorded orders (for the
 * outcomes of the history), keeping the recorded positions; the last phase is the current one.
 */
export function gameFromRecorded(map: GameMap, imported: Imported): Result<Game> {
  const { recorded } = imported;
  const history: PhaseRecord[] = [];
  let status: GameStatus = 'active';
  let won: string | undefined;
  const last = recorded.phases[recorded.phases.length - 1];
  if (!last) return { issues: [issue('bad-field', 'the game has no phases')] };
  let position = last.position;
  for (let i = 0; i + 1 < recorded.phases.length; i++) {
    const phase = recorded.phases[i] as RecordedPhase;
    const resolved = resolvePhase(map, phase.position, phase.orders, recorded.options);
    if (!resolved.value) {
      return {
        issues: resolved.issues.map((x) => issue('bad-position', `${phase.name}: ${x.message}`)),
      };
    }
    history.push({ ...resolved.value.record, position: phase.position });
    status = resolved.value.status;
    won = resolved.value.winner;
    if (i + 2 === recorded.phases.length && last.name === 'COMPLETED') {
      position = { ...last.position, phase: resolved.value.next.phase };
      if (status === 'active') status = 'draw';
    }
  }
  if (imported.status !== undefined) status = imported.status;
  if (imported.winner !== undefined) won = imported.winner;
  const game: Game = {
    map: mapId(map),
    options: recorded.options,
    position,
    orders: last.name === 'COMPLETED' ? [] : last.orders,
    history,
    status,
  };
  if (status === 'won' && won !== undefined) game.winner = won;
  if (imported.id !== undefined) game.id = imported.id;
  if (imported.messages.length > 0) game.messages = imported.messages;
  return { value: game, issues: [] };
}

/** Reads MILA/dipcc JSON text as a recorded game (for a replay). Warnings come with a value. */
export function readMilaRecorded(text: string): Result<Imported> {
  const json = parseJson(text);
  if ('issue' in json) return { issues: [json.issue] };
  return recordedFromMila(json.value);
}

/**
 * Reads MILA/dipcc JSON text as a game. Warnings (unreadable orders, left out) come with a value. `options`, when
 * given, are the rules the game was played with (`rules`, `unretreatable`: for a file recorded by dipcc, those of
 * the `dipcc` preset); they replace what the file says and are used for the outcomes of the history.
 */
export function readMilaJson(text: string, options: Partial<GameOptions> = {}): Result<Game> {
  const read = readMilaRecorded(text);
  if (!read.value) return { issues: read.issues };
  const { recorded } = read.value;
  const map = mapNamed(recorded.map);
  if (!map) return { issues: [issue('unknown-map', `unknown map "${recorded.map}"`)] };
  const withOptions = {
    ...read.value,
    recorded: { ...recorded, options: { ...recorded.options, ...options } },
  };
  const game = gameFromRecorded(map, withOptions);
  return game.value ? { value: game.value, issues: read.issues } : game;
}

/** Whether parsed JSON looks like a MILA/dipcc game (rather than a dipkit game file). */
export function looksLikeMila(json: unknown): boolean {
  return isObject(json) && json['format'] === undefined && Array.isArray(json['phases']);
}
