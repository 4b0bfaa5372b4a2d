/**
 * dipkit positions and orders in DAIDE terms (the Message Syntax, level 0): turns, units, locations, orders, and
 * the server's messages about the board (MDF, NOW, SCO, ORD, MIS, SMR).
 */
import type { GameMap } from '../map/types.js';
import type { Order } from '../orders/types.js';
import type { Phase, Position, Unit } from '../position/types.js';
import type { PhaseRecord, SubmittedOrder } from '../game/game.js';
import { retreatOptions } from '../game/centers.js';
import { splitCoast } from '../map/query.js';
import { NEUTRAL } from '../map/neutral.js';
import { coastCode, coastToken, type MapTokens } from './map-tokens.js';
import { isText, type DaideItem, type DaideMessage } from './syntax.js';

// ---------------------------------------------------------------------------------------------------------------
// Turns, locations, units

const SEASONS: readonly [string, Phase['season'], Phase['type']][] = [
  ['SPR', 'spring', 'movement'],
  ['SUM', 'spring', 'retreat'],
  ['FAL', 'fall', 'movement'],
  ['AUT', 'fall', 'retreat'],
  ['WIN', 'winter', 'adjustment'],
];

/** `(SPR 1901)` for the Spring 1901 movement phase, `(SUM 1901)` for its retreats, `(WIN 1901)` adjustments. */
export function turnItem(phase: Phase): DaideItem[] {
  const found = SEASONS.find(([, s, t]) => t === phase.type && (t === 'adjustment' || s === phase.season));
  return [found?.[0] ?? 'WIN', phase.year];
}

/** The phase a turn item names, or undefined. */
export function parseTurn(item: DaideItem | undefined): Phase | undefined {
  if (!Array.isArray(item) || item.length !== 2 || typeof item[1] !== 'number') return undefined;
  const found = SEASONS.find(([token]) => token === item[0]);
  return found ? { season: found[1], type: found[2], year: item[1] } : undefined;
}

/** A location as DAIDE writes it: `LON`, or `(SPA NCS)` for a coast. */
export function locationItem(tokens: MapTokens, code: string): DaideItem {
  const { province, coast } = splitCoast(tokens.map, code);
  const name = tokens.provinceTokens[province] ?? code;
  const coastName = coast === null || coast === '' ? undefined : coastToken(coast);
  return coastName === undefined ? name : [name, coastName];
}

/** The dipkit location code of a DAIDE location, or undefined when it is not one of the map. */
export function parseLocation(tokens: MapTokens, item: DaideItem | undefined): string | undefined {
  if (typeof item === 'string') return tokens.provinceOf.get(item);
  if (
    Array.isArray(item) &&
    item.length === 2 &&
    typeof item[0] === 'string' &&
    typeof item[1] === 'string'
  ) {
    const province = tokens.provinceOf.get(item[0]);
    const coast = coastCode(item[1]);
    if (province === undefined || coast === undefined) return undefined;
    return `${province}/${coast}`;
  }
  return undefined;
}

/** `(FRA AMY PAR)`, `(RUS FLT (STP SCS))`. */
export function unitItem(tokens: MapTokens, unit: Unit): DaideItem[] {
  // A neutral army (Western World 901) has no power: DAIDE's UNO, as for neutral centres.
  const power = tokens.powerTokens[tokens.map.powers.indexOf(unit.power)] ?? 'UNO';
  return [power, unit.type === 'A' ? 'AMY' : 'FLT', locationItem(tokens, unit.location)];
}

/** The unit a DAIDE unit item names (power, type, location), or undefined when it is malformed. */
export function parseUnit(tokens: MapTokens, item: DaideItem | undefined): Unit | undefined {
  if (!Array.isArray(item) || item.length !== 3) return undefined;
  const [p, t, l] = item;
  const power = p === 'UNO' ? NEUTRAL : typeof p === 'string' ? tokens.powerOf.get(p) : undefined;
  const type = t === 'AMY' ? 'A' : t === 'FLT' ? 'F' : undefined;
  const location = parseLocation(tokens, l);
  if (power === undefined || type === undefined || location === undefined) return undefined;
  return { power, type, location };
}

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** A DAIDE order read into dipkit terms: the power it is for, the order, and the units it names as given. */
export interface DaideOrder {
  power: string;
  /** The order's DAIDE token (HLD, MTO, CTO, SUP, CVY, RTO, DSB, BLD, REM, WVE): each belongs to one phase type. */
  token: string;
  order: Order;
  /** The ordered unit as the order wrote it (power, type, location); absent for a waive. */
  unit?: Unit;
  /** The supported or convoyed unit as written. */
  other?: Unit;
}

/**
 * Reads one order of a SUB (`(unit) MTO LON`, `(unit) SUP (unit) MTO BUR`, `FRA WVE`, ...). Returns the order, or
 * the index of the first item that does not fit (for HUH's ERR).
 */
export function parseOrder(tokens: MapTokens, items: readonly DaideItem[]): DaideOrder | { errorAt: number } {
  if (items.length === 2 && items[1] === 'WVE' && typeof items[0] === 'string') {
    const power = tokens.powerOf.get(items[0]);
    return power === undefined ? { errorAt: 0 } : { power, token: 'WVE', order: { kind: 'waive' } };
  }
  const unit = parseUnit(tokens, items[0]);
  if (!unit) return { errorAt: 0 };
  const ref = { type: unit.type, location: unit.location, power: unit.power };
  const kind = items[1];
  const done = (order: Order, length: number, other?: Unit): DaideOrder | { errorAt: number } => {
    if (items.length > length) return { errorAt: length };
    const token = typeof kind === 'string' ? kind : '';
    return other
      ? { power: unit.power, token, order, unit, other }
      : { power: unit.power, token, order, unit };
  };
  switch (typeof kind === 'string' ? kind : '') {
    case 'HLD':
      return done({ kind: 'hold', unit: ref }, 2);
    case 'MTO':
    case 'RTO': {
      const to = parseLocation(tokens, items[2]);
      if (to === undefined) return { errorAt: 2 };
      return done({ kind: 'move', unit: ref, to }, 3);
    }
    case 'CTO': {
      const to = parseLocation(tokens, items[2]);
      if (to === undefined) return { errorAt: 2 };
      if (items[3] !== 'VIA') return done({ kind: 'move', unit: ref, to, viaConvoy: true }, 3);
      const seas = items[4];
      if (!Array.isArray(seas)) return { errorAt: 4 };
      const path: string[] = [];
      for (const s of seas) {
        const code = typeof s === 'string' ? tokens.provinceOf.get(s) : undefined;
        if (code === undefined) return { errorAt: 4 };
        path.push(code);
      }
      return done({ kind: 'move', unit: ref, to, viaConvoy: true, path }, 5);
    }
    case 'SUP': {
      const other = parseUnit(tokens, items[2]);
      if (!other) return { errorAt: 2 };
      const supported = { type: other.type, location: other.location, power: other.power };
      if (items.length === 3) return done({ kind: 'support', unit: ref, supported }, 3, other);
      if (items[3] !== 'MTO') return { errorAt: 3 };
      const to = typeof items[4] === 'string' ? tokens.provinceOf.get(items[4]) : undefined;
      if (to === undefined) return { errorAt: 4 };
      return done({ kind: 'support', unit: ref, supported, to }, 5, other);
    }
    case 'CVY': {
      const army = parseUnit(tokens, items[2]);
      if (!army) return { errorAt: 2 };
      if (items[3] !== 'CTO') return { errorAt: 3 };
      const to = typeof items[4] === 'string' ? tokens.provinceOf.get(items[4]) : undefined;
      if (to === undefined) return { errorAt: 4 };
      const armyRef = { type: army.type, location: army.location, power: army.power };
      return done({ kind: 'convoy', unit: ref, army: armyRef, to }, 5, army);
    }
    case 'DSB':
    case 'REM':
      return done({ kind: 'disband', unit: ref }, 2);
    case 'BLD':
      return done({ kind: 'build', unit: ref }, 2);
    default:
      return { errorAt: 1 };
  }
}

/** The unit standing (or, in a retreat phase, dislodged) in the province of `location`, if any. */
function unitAt(map: GameMap, units: readonly Unit[], location: string): Unit | undefined {
  const p = splitCoast(map, location).province;
  return units.find((u) => splitCoast(map, u.location).province === p);
}

/**
 * A dipkit order in DAIDE form, for the phase of `position` (units are completed from it: DAIDE names every unit
 * with its power and type). `moves` are the phase's other orders, which give a convoyed move its route.
 */
export function orderItems(
  tokens: MapTokens,
  position: Position,
  given: SubmittedOrder,
  orders: readonly SubmittedOrder[] = [],
): DaideItem[] {
  const map = tokens.map;
  const { order } = given;
  const type = position.phase.type;
  const powerToken = tokens.powerTokens[map.powers.indexOf(given.power)] ?? given.power;
  if (order.kind === 'waive') return [powerToken, 'WVE'];
  const pool = type === 'retreat' ? position.dislodged : position.units;
  const known = order.kind === 'build' ? undefined : unitAt(map, pool, order.unit.location);
  const unit: Unit = known ?? {
    power: order.unit.power ?? given.power,
    type: order.unit.type ?? 'A',
    location: order.unit.location,
  };
  const me = unitItem(tokens, unit);
  const other = (ref: { location: string; type?: 'A' | 'F'; power?: string }): DaideItem[] =>
    unitItem(
      tokens,
      unitAt(map, position.units, ref.location) ?? {
        power: ref.power ?? given.power,
        type: ref.type ?? 'A',
        location: ref.location,
      },
    );
  const province = (code: string): DaideItem => tokens.provinceTokens[splitCoast(map, code).province] ?? code;
  switch (order.kind) {
    case 'hold':
      return [me, 'HLD'];
    case 'move':
      if (type === 'retreat') return [me, 'RTO', locationItem(tokens, order.to)];
      if (order.viaConvoy === true) {
        const path = order.path ?? convoyRoute(map, orders, order.unit.location, order.to);
        return [me, 'CTO', province(order.to), 'VIA', path.map(province)];
      }
      return [me, 'MTO', locationItem(tokens, order.to)];
    case 'support':
      return order.to === undefined
        ? [me, 'SUP', other(order.supported)]
        : [me, 'SUP', other(order.supported), 'MTO', province(order.to)];
    case 'convoy':
      return [me, 'CVY', other(order.army), 'CTO', province(order.to)];
    case 'disband':
      return [me, type === 'retreat' ? 'DSB' : 'REM'];
    case 'build':
      return [me, 'BLD'];
  }
}

/**
 * The seas of the fleets ordered to convoy the army at `from` to `to`, in the order a route passes them (a
 * breadth-first walk from the army's province); DAIDE's CTO names its route.
 */
function convoyRoute(map: GameMap, orders: readonly SubmittedOrder[], from: string, to: string): string[] {
  const start = splitCoast(map, from).province;
  const fleets = orders
    .filter((o) => o.order.kind === 'convoy' && splitCoast(map, o.order.army.location).province === start)
    .filter(
      (o) =>
        o.order.kind === 'convoy' && splitCoast(map, o.order.to).province === splitCoast(map, to).province,
    )
    .map((o) => splitCoast(map, o.order.kind === 'convoy' ? o.order.unit.location : '').province);
  const remaining = new Set(fleets);
  const route: number[] = [];
  let frontier = [start];
  while (frontier.length > 0 && remaining.size > 0) {
    const next: number[] = [];
    for (const p of frontier) {
      for (let i = map.fleetStart[p] ?? 0; i < (map.fleetStart[p + 1] ?? 0); i++) {
        const q = map.locationProvince[map.fleetAdj[i] ?? 0] ?? -1;
        if (remaining.delete(q)) {
          route.push(q);
          next.push(q);
        }
      }
      // An army's coastal province has fleet neighbours only as a location; inland provinces have none.
    }
    frontier = next;
  }
  for (const p of remaining) route.push(p);
  return route.map((p) => map.locationCode[p] ?? '');
}

// ---------------------------------------------------------------------------------------------------------------
// The server's board messages

/** `MDF (powers) ((centres) (non-centres)) (adjacencies)`: the map, for a client that asked with MDF. */
export function mdfMessage(tokens: MapTokens): DaideMessage {
  const map = tokens.map;
  const playable = [...Array(map.provinceCount).keys()].filter((p) => map.provinceKind[p] !== 'impassable');
  const name = (p: number): string => tokens.provinceTokens[p] ?? '';
  const centres: DaideItem[] = tokens.powerOrder.map((i) => [
    tokens.powerTokens[i] ?? '',
    ...(map.homeCenters[i] ?? []).map(name),
  ]);
  const neutral = playable.filter((p) => map.supplyCenter[p] === 1 && (map.homePower[p] ?? -1) < 0);
  centres.push(['UNO', ...neutral.map(name)]);
  const others = playable.filter((p) => map.supplyCenter[p] !== 1).map(name);
  const fleetList = (location: number): DaideItem[] => {
    const out: DaideItem[] = [];
    for (let i = map.fleetStart[location] ?? 0; i < (map.fleetStart[location + 1] ?? 0); i++) {
      out.push(locationItem(tokens, map.locationCode[map.fleetAdj[i] ?? 0] ?? ''));
    }
    return out;
  };
  const adjacencies = playable.map((p) => {
    const entry: DaideItem[] = [name(p)];
    if (map.provinceKind[p] !== 'sea') {
      const armies: DaideItem[] = ['AMY'];
      for (let i = map.armyStart[p] ?? 0; i < (map.armyStart[p + 1] ?? 0); i++)
        armies.push(name(map.armyAdj[i] ?? 0));
      entry.push(armies);
    }
    const coasts = map.provinceCoasts[p] ?? [];
    if (coasts.length > 0) {
      for (const c of coasts)
        entry.push([['FLT', coastToken(map.locationCoast[c] ?? '') ?? ''], ...fleetList(c)]);
    } else if (map.provinceKind[p] !== 'land') {
      entry.push(['FLT', ...fleetList(p)]);
    }
    return entry;
  });
  return ['MDF', tokens.powerOrder.map((i) => tokens.powerTokens[i] ?? ''), [centres, others], adjacencies];
}

/** `SCO (power centre ...) ... (UNO centre ...)`: who owns the supply centres. */
export function scoMessage(tokens: MapTokens, position: Position): DaideMessage {
  const map = tokens.map;
  const owned = new Set<number>();
  const out: DaideMessage = ['SCO'];
  tokens.powerOrder.forEach((i) => {
    const codes = position.supplyCenters[map.powers[i] ?? ''] ?? [];
    codes.forEach((c) => owned.add(splitCoast(map, c).province));
    out.push([
      tokens.powerTokens[i] ?? '',
      ...codes.map((c) => tokens.provinceTokens[splitCoast(map, c).province] ?? c),
    ]);
  });
  const unowned: DaideItem[] = ['UNO'];
  for (let p = 0; p < map.provinceCount; p++) {
    if (map.supplyCenter[p] === 1 && !owned.has(p)) unowned.push(tokens.provinceTokens[p] ?? '');
  }
  out.push(unowned);
  return out;
}

/**
 * `NOW (turn) (unit) ...`: the phase and the units; in a retreat phase the dislodged units follow with their
 * retreats, `(ENG FLT NTH MRT (LON YOR))`.
 */
export function nowMessage(tokens: MapTokens, position: Position): DaideMessage {
  const out: DaideMessage = [
    'NOW',
    turnItem(position.phase),
    ...position.units.map((u) => unitItem(tokens, u)),
  ];
  if (position.phase.type === 'retreat') out.push(...retreatingUnits(tokens, position));
  return out;
}

/** The dislodged units of a retreat phase with their retreats: `(unit MRT (province ...))`. */
export function retreatingUnits(tokens: MapTokens, position: Position, power?: string): DaideItem[] {
  return retreatOptions(tokens.map, position)
    .filter((r) => power === undefined || r.unit.power === power)
    .map((r) => [...unitItem(tokens, r.unit), 'MRT', r.retreats.map((l) => locationItem(tokens, l))]);
}

/** The result tokens of one order: SUC, BNC, CUT, DSR, NSO, with RET when the unit was dislodged. */
function resultItem(record: PhaseRecord, i: number): DaideItem[] {
  const outcome = record.outcomes[i];
  const order = record.orders[i]?.order;
  if (!outcome || !order) return ['SUC'];
  const dislodged = outcome.dislodged !== undefined ? ['RET'] : [];
  const { resolution, reason } = outcome;
  let result: string;
  if (resolution === 'cut') result = 'CUT';
  else if (resolution === 'disrupted') result = 'DSR';
  else if (reason.code === 'not-matching' || resolution === 'illegal' || resolution === 'invalid')
    result = 'NSO';
  else if (
    reason.code === 'no-path' ||
    reason.code === 'convoy-dislodged' ||
    reason.code === 'no-convoy-ordered'
  ) {
    result = 'DSR';
  } else if (resolution === 'fails')
    result = order.kind === 'move' ? 'BNC' : dislodged.length > 0 ? '' : 'NSO';
  else result = 'SUC';
  if (reason.code === 'retreat-clash') result = 'BNC';
  return result === '' ? dislodged : [result, ...dislodged];
}

/**
 * The ORD messages of a processed phase: one per order given, then (movement phases) a hold for each unit that had
 * no order, as DAIDE reports one result per unit.
 */
export function ordMessages(tokens: MapTokens, record: PhaseRecord): DaideMessage[] {
  const map = tokens.map;
  const turn = turnItem(record.position.phase);
  const out: DaideMessage[] = record.orders.map((o, i) => [
    'ORD',
    turn,
    orderItems(tokens, record.position, o, record.orders),
    resultItem(record, i),
  ]);
  if (record.position.phase.type === 'movement') {
    const ordered = new Set(
      record.outcomes.map((o) => (o.unit === undefined ? -1 : splitCoast(map, o.unit.slice(2)).province)),
    );
    const dislodged = new Set((record.dislodged ?? []).map((d) => splitCoast(map, d.unit.slice(2)).province));
    for (const unit of record.position.units) {
      const p = splitCoast(map, unit.location).province;
      if (ordered.has(p)) continue;
      out.push(['ORD', turn, [unitItem(tokens, unit), 'HLD'], dislodged.has(p) ? ['RET'] : ['SUC']]);
    }
  }
  return out;
}

/** A text item's string, or undefined. */
export function textOf(item: DaideItem | undefined): string | undefined {
  return isText(item) ? item.text : undefined;
}
