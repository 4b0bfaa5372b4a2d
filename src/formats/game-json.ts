/**
 * dipkit's own game file: a whole game (options, current position, orders given so far, every phase played) as
 * versioned JSON. `writeGameJson` and `readGameJson` round-trip a `Game` exactly.
 *
 * Format, version 1 (fields in this order; unknown fields are ignored on reading):
 *
 * ```jsonc
 * {
 *   "format": "dipkit-game",            // required, exactly this
 *   "version": 1,                        // required; a later version is refused
 *   "id": "game-42",                     // optional
 *   "map": "standard",                   // the map's id (src/map/id.ts): "standard", "coldwar", ...
 *   "options": { "victoryCenters": 18, "maxYear": 1920, "rules": ["4.A.2=all-hold"], "unretreatable": "disband" },
 *                                        // maxYear optional: draw after that year; rules optional: the DATC
 *                                        // rule choices that differ from its preferences (`dipkit rules`);
 *                                        // unretreatable: a dislodged unit with no retreat is disbanded at once
 *                                        // ("disband", also when absent) or kept for the retreat phase
 *                                        // ("retreat-phase")
 *   "status": "active",                  // "active" | "won" | "draw"
 *   "winner": "FRANCE",                  // only when status is "won"
 *   "phase": "S1902M",                   // the current phase (or, when over, the one that would follow)
 *   "position": {                        // at the start of the current phase
 *     "units": [{ "power": "FRANCE", "type": "A", "location": "PAR" }, { ..., "location": "STP/SC" }],
 *     "dislodged": [{ "power": "ITALY", "type": "F", "location": "TYS", "attackerFrom": "ION", "byConvoy": true }],
 *     "contested": ["BUR"],              // left empty by a standoff: no retreat there (retreat phases only)
 *     "supplyCenters": { "FRANCE": ["BRE", "MAR", "PAR"], ... }
 *   },
 *   "orders": [{ "power": "FRANCE", "text": "A PAR - BUR", "order": { "kind": "move", ... } }],
 *   "history": [                         // every phase played, oldest first
 *     { "phase": "S1901M",
 *       "position": { ... as above ... },
 *       "orders": [ ... as above: the text as submitted, and the parsed order ... ],
 *       "outcomes": [{ "given": ..., "unit": "A PAR", "resolution": "succeeds", "reason": { "code": "moved", ... },
 *                      "message": "succeeds with attack strength 1" }],   // one per order
 *       "dislodged": [{ "unit": "A MUN", "power": "GERMANY", "by": "A BOH", "retreats": ["KIE", "RUH"] }],
 *       "disbanded": [{ "power": "FRANCE", "type": "A", "location": "PAR", "reason": "no retreat" }],
 *                                        // units disbanded, and why: "no retreat" (in a movement phase: dislodged
 *                                        // with nowhere to go, disbanded at once), "ordered", "no valid order",
 *                                        // "retreat clash", "civil disorder", "neutral" (a dislodged
 *                                        // neutral unit, disbanded at once); reason optional
 *       "adjustments": [{ "power": "FRANCE", "centers": 5, "units": 4, "change": 1 }],   // adjustment phases
 *       "civilDisorder": [ units ],      // adjustment phases
 *       "rebuilt": [ units ] }           // neutral armies rebuilt at the end of the year (rules.neutralArmies)
 *   ],
 *   "messages": [                        // optional: press, oldest first
 *     { "phase": "S1901M", "sender": "FRANCE", "to": "ENGLAND", "text": "DMZ in the Channel?",
 *       "time": 1700000000000000 }       // to: "ALL", a power or a list of powers; time: MILA's time_sent
 *   ]
 * }
 * ```
 *
 * On reading, every order's `text` is parsed again (it is what the player wrote; `order` is there for other
 * programs), positions are checked against the map, and the issues name the field: `history[3].position.units[2]`.
 * Issue codes: not-json, bad-format, unsupported-version, unknown-map, missing-field, bad-field, bad-phase,
 * bad-position, bad-order.
 */
import { resolveRules } from '../adjudication/rules.js';
import { parseJson } from './json-text.js';
import { issue, type Issue, type Result } from '../issues.js';
import { mapIdOf } from '../map/id.js';
import { bundledMapIds, mapByName } from '../map/registry.js';
import { NEUTRAL } from '../map/neutral.js';
import { lookupLocation, lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { parseOrder } from '../orders/parse.js';
import type { DislodgedUnit, Phase, Position, Unit } from '../position/types.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import type { PowerAdjustment } from '../adjudication/adjustment.js';
import {
  DISBAND_REASONS,
  type DisbandedUnit,
  type DisbandReason,
  type DislodgedRecord,
  type Game,
  type GameOptions,
  type GameStatus,
  type PhaseRecord,
  type SubmittedOrder,
} from '../game/game.js';
import { parsePhaseName, phaseName } from '../game/phases.js';
import { ALL, type GameMessage } from '../game/messages.js';

export const GAME_FORMAT = 'dipkit-game';
export const GAME_VERSION = 1;

/**
 * The map a game file names, by id or name in any case or spacing ("standard", "Cold War"), or undefined for a map
 * dipkit does not bundle.
 */
export function mapNamed(name: string): GameMap | undefined {
  return mapByName(name);
}

/** The issue for a map name `mapNamed` does not know. */
export function unknownMap(name: string): Issue {
  return issue(
    'unknown-map',
    `unknown map "${name}"; dipkit knows ${bundledMapIds()
      .map((id) => `"${id}"`)
      .join(', ')}`,
  );
}

/** The id game files give a map: "standard", "coldwar" (`mapIdOf` its name). */
export function mapId(map: GameMap): string {
  return mapIdOf(map.name);
}

function positionJson(position: Position): Record<string, unknown> {
  return {
    units: position.units.map(unitJson),
    dislodged: position.dislodged.map((d) => {
      const out: Record<string, unknown> = { ...unitJson(d), attackerFrom: d.attackerFrom };
      if (d.byConvoy === true) out['byConvoy'] = true;
      return out;
    }),
    contested: [...position.contested],
    supplyCenters: position.supplyCenters,
  };
}

function unitJson(u: Unit): Record<string, unknown> {
  return { power: u.power, type: u.type, location: u.location };
}

function ordersJson(orders: readonly SubmittedOrder[]): unknown[] {
  return orders.map((o) => ({ power: o.power, text: o.text, order: o.order }));
}

/** The game as a JSON value of the format above. */
export function gameToJson(game: Game): Record<string, unknown> {
  const out: Record<string, unknown> = {
    format: GAME_FORMAT,
    version: GAME_VERSION,
    ...(game.id === undefined ? {} : { id: game.id }),
    map: game.map,
    options: game.options,
    status: game.status,
  };
  if (game.winner !== undefined) out['winner'] = game.winner;
  out['phase'] = phaseName(game.position.phase);
  out['position'] = positionJson(game.position);
  out['orders'] = ordersJson(game.orders);
  out['history'] = game.history.map((r) => {
    const h: Record<string, unknown> = {
      phase: r.name,
      position: positionJson(r.position),
      orders: ordersJson(r.orders),
      outcomes: r.outcomes,
    };
    if (r.dislodged !== undefined) h['dislodged'] = r.dislodged;
    if (r.disbanded !== undefined)
      h['disbanded'] = r.disbanded.map((u) => ({
        ...unitJson(u),
        ...(u.reason === undefined ? {} : { reason: u.reason }),
      }));
    if (r.adjustments !== undefined) h['adjustments'] = r.adjustments;
    if (r.civilDisorder !== undefined) h['civilDisorder'] = r.civilDisorder.map(unitJson);
    if (r.rebuilt !== undefined) h['rebuilt'] = r.rebuilt.map(unitJson);
    return h;
  });
  if (game.messages !== undefined && game.messages.length > 0) {
    out['messages'] = game.messages.map((m) => ({
      phase: m.phase,
      sender: m.sender,
      to: m.to,
      text: m.text,
      time: m.time,
    }));
  }
  return out;
}

/** The game file as text: JSON, two-space indent, newline at the end. */
export function writeGameJson(game: Game): string {
  return `${JSON.stringify(gameToJson(game), null, 2)}\n`;
}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Collects issues while reading; every reader returns undefined after recording an issue. */
class Reader {
  readonly issues: Issue[] = [];
  readonly map: GameMap;
  constructor(map: GameMap) {
    this.map = map;
  }

  fail(code: string, message: string): undefined {
    this.issues.push(issue(code, message));
    return undefined;
  }

  field(obj: Obj, key: string, path: string): unknown {
    if (!(key in obj)) return this.fail('missing-field', `${path}: missing field "${key}"`);
    return obj[key];
  }

  string(v: unknown, path: string): string | undefined {
    if (typeof v !== 'string') return this.fail('bad-field', `${path} must be a string`);
    return v;
  }

  array(v: unknown, path: string): unknown[] | undefined {
    if (!Array.isArray(v)) return this.fail('bad-field', `${path} must be an array`);
    return v as unknown[];
  }

  object(v: unknown, path: string): Obj | undefined {
    if (!isObject(v)) return this.fail('bad-field', `${path} must be an object`);
    return v;
  }

  power(v: unknown, path: string): string | undefined {
    const s = this.string(v, path);
    if (s === undefined) return undefined;
    const p = this.map.powers[lookupPower(this.map, s)];
    if (p === undefined || p !== s) return this.fail('bad-field', `${path}: unknown power "${s}"`);
    return p;
  }

  /** A unit's power: a power of the map, or "NEUTRAL" on a map with neutral armies. */
  unitPower(v: unknown, path: string): string | undefined {
    return v === NEUTRAL && this.map.neutralPower >= 0 ? NEUTRAL : this.power(v, path);
  }

  location(v: unknown, path: string): string | undefined {
    const s = this.string(v, path);
    if (s === undefined) return undefined;
    const loc = lookupLocation(this.map, s);
    if (loc < 0 || this.map.locationCode[loc] !== s) {
      return this.fail(
        'bad-field',
        `${path}: unknown location "${s}" (locations are written "PAR", "STP/SC")`,
      );
    }
    return s;
  }

  unit(v: unknown, path: string): Unit | undefined {
    const o = this.object(v, path);
    if (!o) return undefined;
    const power = this.unitPower(this.field(o, 'power', path), `${path}.power`);
    const type = this.field(o, 'type', path);
    if (type !== 'A' && type !== 'F') return this.fail('bad-field', `${path}.type must be "A" or "F"`);
    const location = this.location(this.field(o, 'location', path), `${path}.location`);
    if (power === undefined || location === undefined) return undefined;
    return { power, type, location };
  }

  units(v: unknown, path: string): Unit[] | undefined {
    const list = this.array(v, path);
    if (!list) return undefined;
    const units = list.map((u, i) => this.unit(u, `${path}[${i}]`));
    return units.every((u) => u !== undefined) ? units : undefined;
  }

  /** Disbanded units with their optional reason. */
  disbandedUnits(list: unknown[], path: string): DisbandedUnit[] {
    const units: DisbandedUnit[] = [];
    list.forEach((raw, i) => {
      const where = `${path}[${i}]`;
      const unit = this.unit(raw, where);
      if (!unit || !isObject(raw)) return;
      const reason = raw['reason'];
      if (reason === undefined) units.push(unit);
      else if (typeof reason === 'string' && (DISBAND_REASONS as readonly string[]).includes(reason))
        units.push({ ...unit, reason: reason as DisbandReason });
      else
        this.fail(
          'bad-field',
          `${where}.reason must be one of ${DISBAND_REASONS.map((x) => `"${x}"`).join(', ')}`,
        );
    });
    return units;
  }

  position(v: unknown, phase: Phase, path: string): Position | undefined {
    const o = this.object(v, path);
    if (!o) return undefined;
    const units = this.units(this.field(o, 'units', path), `${path}.units`);
    const dislodgedRaw = this.array(o['dislodged'] ?? [], `${path}.dislodged`) ?? [];
    const dislodged: DislodgedUnit[] = [];
    dislodgedRaw.forEach((d, i) => {
      const where = `${path}.dislodged[${i}]`;
      const unit = this.unit(d, where);
      if (!unit || !isObject(d)) return;
      const from = this.location(this.field(d, 'attackerFrom', where), `${where}.attackerFrom`);
      if (from === undefined) return;
      const entry: DislodgedUnit = { ...unit, attackerFrom: from };
      if (d['byConvoy'] === true) entry.byConvoy = true;
      dislodged.push(entry);
    });
    const contestedRaw = this.array(o['contested'] ?? [], `${path}.contested`) ?? [];
    const contested = contestedRaw.map((c, i) => this.location(c, `${path}.contested[${i}]`) ?? '');
    const centersRaw = this.object(this.field(o, 'supplyCenters', path), `${path}.supplyCenters`);
    const supplyCenters: Record<string, string[]> = {};
    for (const [power, list] of Object.entries(centersRaw ?? {})) {
      const name = this.power(power, `${path}.supplyCenters key`);
      const centers = this.array(list, `${path}.supplyCenters.${power}`);
      if (name === undefined || !centers) continue;
      supplyCenters[name] = centers.map((c, i) => {
        const code = this.location(c, `${path}.supplyCenters.${power}[${i}]`) ?? '';
        const p = this.map.locationProvince[lookupLocation(this.map, code)] ?? -1;
        if (code !== '' && this.map.supplyCenter[p] !== 1) {
          this.fail('bad-position', `${path}.supplyCenters.${power}: ${code} is not a supply centre`);
        }
        return code;
      });
    }
    if (!units || !centersRaw) return undefined;
    this.checkBoard(units, dislodged, path);
    return { phase, units, dislodged, contested, supplyCenters };
  }

  /** One unit per province; armies on land, fleets on water, coasts where needed. */
  checkBoard(units: readonly Unit[], dislodged: readonly Unit[], path: string): void {
    const seen = new Map<number, string>();
    const check = (u: Unit, what: string): void => {
      const loc = lookupLocation(this.map, u.location);
      const p = this.map.locationProvince[loc] ?? -1;
      const kind = this.map.provinceKind[p];
      const text = `${path}: ${what} ${u.type} ${u.location}`;
      if (u.type === 'A' && (kind === 'sea' || loc !== p))
        this.fail('bad-position', `${text}: an army stands on land`);
      if (u.type === 'F' && kind === 'land')
        this.fail('bad-position', `${text}: a fleet cannot stand inland`);
      if (u.type === 'F' && loc === p && (this.map.provinceCoasts[p]?.length ?? 0) > 0) {
        this.fail('bad-position', `${text}: a fleet there needs its coast`);
      }
      const other = seen.get(p);
      if (other !== undefined) this.fail('bad-position', `${text}: ${other} stands there already`);
      else seen.set(p, `${u.type} ${u.location}`);
    };
    for (const u of units) check(u, 'unit');
    const dislodgedSeen = new Set<number>();
    for (const u of dislodged) {
      const p = this.map.locationProvince[lookupLocation(this.map, u.location)] ?? -1;
      if (dislodgedSeen.has(p)) this.fail('bad-position', `${path}: two dislodged units in ${u.location}`);
      dislodgedSeen.add(p);
    }
  }

  orders(v: unknown, path: string): SubmittedOrder[] | undefined {
    const list = this.array(v, path);
    if (!list) return undefined;
    const orders: SubmittedOrder[] = [];
    list.forEach((raw, i) => {
      const where = `${path}[${i}]`;
      const o = this.object(raw, where);
      if (!o) return;
      const power = this.power(this.field(o, 'power', where), `${where}.power`);
      const text = this.string(this.field(o, 'text', where), `${where}.text`);
      if (power === undefined || text === undefined) return;
      const parsed = parseOrder(this.map, text);
      const given = parsed.value;
      if (!given) {
        this.fail('bad-order', `${where}: "${text}": ${parsed.issues.map((x) => x.message).join('; ')}`);
        return;
      }
      if (given.power !== undefined && given.power !== power) {
        this.fail('bad-order', `${where}: "${text}" is an order of ${given.power}, filed under ${power}`);
        return;
      }
      orders.push({ power, text, order: given.order });
    });
    return orders;
  }

  messages(v: unknown, path: string): GameMessage[] {
    const list = this.array(v, path) ?? [];
    const out: GameMessage[] = [];
    list.forEach((raw, i) => {
      const where = `${path}[${i}]`;
      const o = this.object(raw, where);
      if (!o) return;
      const phase = this.string(this.field(o, 'phase', where), `${where}.phase`);
      const sender = this.power(this.field(o, 'sender', where), `${where}.sender`);
      const toRaw = this.field(o, 'to', where);
      const text = this.string(this.field(o, 'text', where), `${where}.text`);
      const time = this.field(o, 'time', where);
      let to: string | string[] | undefined;
      if (toRaw === ALL) to = ALL;
      else if (typeof toRaw === 'string') to = this.power(toRaw, `${where}.to`);
      else if (Array.isArray(toRaw) && toRaw.length > 1) {
        const powers = toRaw.map((p, j) => this.power(p, `${where}.to[${j}]`));
        if (powers.every((p) => p !== undefined)) to = powers;
      } else this.fail('bad-field', `${where}.to must be "ALL", a power or a list of two or more powers`);
      if (typeof time !== 'number' || !Number.isSafeInteger(time)) {
        this.fail('bad-field', `${where}.time must be a whole number`);
        return;
      }
      if (phase === undefined || sender === undefined || to === undefined || text === undefined) return;
      out.push({ phase, sender, to, text, time });
    });
    return out;
  }

  phase(v: unknown, path: string): Phase | undefined {
    const s = this.string(v, path);
    if (s === undefined) return undefined;
    const phase = parsePhaseName(s);
    if (!phase || phaseName(phase) !== s) {
      return this.fail('bad-phase', `${path}: "${s}" is not a phase name like S1901M, F1901R, W1901A`);
    }
    return phase;
  }
}

/**
 * Reads a game from parsed JSON. On any issue there is no value: a game is either read whole or not at all.
 * `onMap`: the map to read it on when the file names that map (by id), for a game on a map read from a file;
 * otherwise the file's map is a bundled one.
 */
export function gameFromJson(json: unknown, onMap?: GameMap): Result<Game> {
  if (!isObject(json)) return { issues: [issue('bad-format', 'a game file is a JSON object')] };
  if (json['format'] !== GAME_FORMAT) {
    return {
      issues: [issue('bad-format', `not a dipkit game file: "format" must be "${GAME_FORMAT}"`)],
    };
  }
  const version = json['version'];
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return { issues: [issue('bad-format', '"version" must be a whole number')] };
  }
  if (version !== GAME_VERSION) {
    return {
      issues: [
        issue(
          'unsupported-version',
          `game file version ${version}; this dipkit reads version ${GAME_VERSION}`,
        ),
      ],
    };
  }
  const mapName = json['map'];
  if (typeof mapName !== 'string') return { issues: [issue('missing-field', 'missing field "map"')] };
  const map = onMap !== undefined && mapIdOf(mapName) === mapIdOf(onMap.name) ? onMap : mapNamed(mapName);
  if (!map) return { issues: [unknownMap(mapName)] };
  const r = new Reader(map);

  const optionsRaw = r.object(r.field(json, 'options', 'game'), 'options');
  let options: GameOptions | undefined;
  if (optionsRaw) {
    const v = optionsRaw['victoryCenters'];
    const y = optionsRaw['maxYear'];
    const rules = optionsRaw['rules'];
    const unretreatable = optionsRaw['unretreatable'];
    const ruleProblems =
      Array.isArray(rules) && rules.every((x) => typeof x === 'string')
        ? resolveRules('datc', rules).issues
        : [];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > map.supplyCenterCount) {
      r.fail('bad-field', `options.victoryCenters must be a whole number from 1 to ${map.supplyCenterCount}`);
    } else if (y !== undefined && (typeof y !== 'number' || !Number.isInteger(y))) {
      r.fail('bad-field', 'options.maxYear must be a whole number (a year)');
    } else if (rules !== undefined && (!Array.isArray(rules) || !rules.every((x) => typeof x === 'string'))) {
      r.fail('bad-field', 'options.rules must be a list of settings such as "4.A.2=all-hold"');
    } else if (ruleProblems.length > 0) {
      r.fail('bad-field', `options.rules: ${ruleProblems.map((i) => i.message).join('; ')}`);
    } else if (
      unretreatable !== undefined &&
      unretreatable !== 'disband' &&
      unretreatable !== 'retreat-phase'
    ) {
      r.fail('bad-field', 'options.unretreatable must be "disband" or "retreat-phase"');
    } else {
      options = { victoryCenters: v };
      if (typeof y === 'number') options.maxYear = y;
      if (Array.isArray(rules) && rules.length > 0) options.rules = rules;
      if (unretreatable !== undefined) options.unretreatable = unretreatable;
    }
  }
  const statusRaw = r.field(json, 'status', 'game');
  let status: GameStatus | undefined;
  if (statusRaw === 'active' || statusRaw === 'won' || statusRaw === 'draw') status = statusRaw;
  else if (statusRaw !== undefined) r.fail('bad-field', 'status must be "active", "won" or "draw"');
  let winner: string | undefined;
  if (json['winner'] !== undefined) winner = r.power(json['winner'], 'winner');
  if (status === 'won' && winner === undefined) r.fail('missing-field', 'a won game names its "winner"');
  if (status !== 'won' && json['winner'] !== undefined) r.fail('bad-field', `a ${status} game has no winner`);

  const phase = r.phase(r.field(json, 'phase', 'game'), 'phase');
  const position = phase ? r.position(r.field(json, 'position', 'game'), phase, 'position') : undefined;
  const orders = phase ? r.orders(r.field(json, 'orders', 'game'), 'orders') : undefined;
  const historyRaw = r.array(r.field(json, 'history', 'game'), 'history') ?? [];
  const history: PhaseRecord[] = [];
  historyRaw.forEach((raw, i) => {
    const path = `history[${i}]`;
    const h = r.object(raw, path);
    if (!h) return;
    const p = r.phase(r.field(h, 'phase', path), `${path}.phase`);
    if (!p) return;
    const pos = r.position(r.field(h, 'position', path), p, `${path}.position`);
    const ords = r.orders(r.field(h, 'orders', path), `${path}.orders`);
    const outcomes = r.array(r.field(h, 'outcomes', path), `${path}.outcomes`);
    if (!pos || !ords || !outcomes) return;
    if (outcomes.length !== ords.length || !outcomes.every(isObject)) {
      r.fail('bad-field', `${path}.outcomes must hold one object per order`);
      return;
    }
    const record: PhaseRecord = {
      name: phaseName(p),
      position: pos,
      orders: ords,
      outcomes: outcomes as unknown as OrderOutcome[],
    };
    const list = (key: string): unknown[] | undefined =>
      h[key] === undefined ? undefined : r.array(h[key], `${path}.${key}`);
    const dislodged = list('dislodged');
    if (dislodged) record.dislodged = dislodged as DislodgedRecord[];
    const disbanded = list('disbanded');
    if (disbanded) record.disbanded = r.disbandedUnits(disbanded, `${path}.disbanded`);
    const adjustments = list('adjustments');
    if (adjustments) record.adjustments = adjustments as PowerAdjustment[];
    const civil = list('civilDisorder');
    if (civil) record.civilDisorder = r.units(civil, `${path}.civilDisorder`) ?? [];
    const rebuilt = list('rebuilt');
    if (rebuilt) record.rebuilt = r.units(rebuilt, `${path}.rebuilt`) ?? [];
    history.push(record);
  });

  if (r.issues.length > 0 || !options || !status || !position || !orders) {
    return { issues: r.issues.length > 0 ? r.issues : [issue('bad-format', 'the game file is incomplete')] };
  }
  const game: Game = { map: mapId(map), options, position, orders, history, status };
  if (json['messages'] !== undefined) {
    const messages = r.messages(json['messages'], 'messages');
    if (r.issues.length > 0) return { issues: r.issues };
    if (messages.length > 0) game.messages = messages;
  }
  if (typeof json['id'] === 'string') game.id = json['id'];
  else if (json['id'] !== undefined) return { issues: [issue('bad-field', '"id" must be a string')] };
  if (winner !== undefined) game.winner = winner;
  return { value: game, issues: [] };
}

/** Reads a game file's text. Issue codes as for `gameFromJson`, plus not-json (with line and column). */
export function readGameJson(text: string): Result<Game> {
  const json = parseJson(text);
  if ('issue' in json) return { issues: [json.issue] };
  return gameFromJson(json.value);
}

export { parseJson } from './json-text.js';
