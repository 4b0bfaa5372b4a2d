/**
 * The note of a DAIDE THX: whether an order of a SUB is accepted (MBV) or why not (NSU, NYU, NRS, FAR, NVR, NAS,
 * NSA, NSF, NMB, NMR, HSC, YSC, ESC, NSC, CST, NRN), as the Message Syntax lists them. DAIDE accepts only orders
 * that could be valid (games without AOA), so an order is MBV when the core's legalOrders lists it.
 */
import {
  adjustmentsDue,
  formatOrder,
  legalOrders,
  splitCoast,
  type GameMap,
  type LegalOrder,
  type Order,
  type Position,
  type Unit,
  type UnitRef,
} from 'dipkit';
import type { DaideOrder } from 'dipkit/daide';

/** An order compared without its power and route: the legal list names neither. */
function orderKey(map: GameMap, order: Order): string {
  const bare = (u: UnitRef): UnitRef =>
    u.type === undefined ? { location: u.location } : { type: u.type, location: u.location };
  switch (order.kind) {
    case 'waive':
      return 'WAIVE';
    case 'move':
      return formatOrder(map, {
        kind: 'move',
        unit: bare(order.unit),
        to: order.to,
        ...(order.viaConvoy === true ? { viaConvoy: true } : {}),
      });
    case 'support':
      return formatOrder(map, { ...order, unit: bare(order.unit), supported: bare(order.supported) });
    case 'convoy':
      return formatOrder(map, { ...order, unit: bare(order.unit), army: bare(order.army) });
    case 'hold':
    case 'disband':
    case 'build':
      return formatOrder(map, { ...order, unit: bare(order.unit) });
  }
}

/** The order tokens of each phase type (the Message Syntax's movement, retreat and build orders). */
const TOKENS: Readonly<Record<Position['phase']['type'], readonly string[]>> = {
  movement: ['HLD', 'MTO', 'SUP', 'CVY', 'CTO'],
  retreat: ['RTO', 'DSB'],
  adjustment: ['BLD', 'REM', 'WVE'],
};

/** What one power may order in a phase, computed once per SUB. */
export interface OrderingContext {
  map: GameMap;
  position: Position;
  power: string;
  legal: Set<string>;
}

export function orderingContext(
  map: GameMap,
  position: Position,
  power: string,
  rules?: object,
): OrderingContext {
  const options = rules === undefined ? { power } : { power, rules };
  const legal = new Set(
    legalOrders(map, position, options as { power: string }).map((o: LegalOrder) => orderKey(map, o.order)),
  );
  return { map, position, power, legal };
}

function sameProvince(map: GameMap, a: string, b: string): boolean {
  return splitCoast(map, a).province === splitCoast(map, b).province;
}

function unitAt(map: GameMap, units: readonly Unit[], location: string): Unit | undefined {
  return units.find((u) => sameProvince(map, u.location, location));
}

/**
 * The note for `given` (a parsed SUB order). `accepted` are the orders of this power already accepted in this
 * phase (earlier SUBs and earlier orders of this one), which limit builds and removals.
 */
export function orderNote(ctx: OrderingContext, given: DaideOrder, accepted: readonly Order[]): string {
  const { map, position, power } = ctx;
  const { order } = given;
  const type = position.phase.type;
  if (!TOKENS[type].includes(given.token)) return 'NRS';
  if (given.power !== power) return 'NYU';
  if (order.kind === 'waive' || order.kind === 'build') {
    const due = adjustmentsDue(map, position).find((a) => a.power === power);
    const builds = accepted.filter(
      (o) =>
        (o.kind === 'build' || o.kind === 'waive') &&
        !(
          o.kind === 'build' &&
          order.kind === 'build' &&
          sameProvince(map, o.unit.location, order.unit.location)
        ),
    ).length;
    if (!due || due.change <= 0 || builds >= due.change) return 'NMB';
    if (order.kind === 'waive') return 'MBV';
    return buildNote(ctx, order.unit, due.buildSites);
  }
  const pool = type === 'retreat' ? position.dislodged : position.units;
  const unit = unitAt(map, pool, order.unit.location);
  if (!unit) return type === 'retreat' && unitAt(map, position.units, order.unit.location) ? 'NRN' : 'NSU';
  if (unit.type !== order.unit.type || unit.location !== order.unit.location) return 'NSU';
  if (unit.power !== power) return 'NYU';
  if (type === 'adjustment') {
    const due = adjustmentsDue(map, position).find((a) => a.power === power);
    const removals = accepted.filter(
      (o) => o.kind === 'disband' && !sameProvince(map, o.unit.location, order.unit.location),
    ).length;
    if (!due || due.change >= 0 || removals >= -due.change) return 'NMR';
    return 'MBV';
  }
  if (ctx.legal.has(orderKey(map, order))) return 'MBV';
  if (type === 'retreat') return 'NVR';
  if (order.kind === 'support' || order.kind === 'convoy') {
    const other = order.kind === 'support' ? order.supported : order.army;
    const target = unitAt(map, position.units, other.location);
    if (!target || target.type !== other.type) return order.kind === 'convoy' ? 'NSA' : 'NSU';
    if (order.kind === 'convoy') {
      if (unit.type !== 'F') return 'NSF';
      if (
        map.provinceKind[splitCoast(map, unit.location).province] !== 'sea' &&
        map.convoyCapable[splitCoast(map, unit.location).province] !== 1
      )
        return 'NAS';
    }
  }
  if (order.kind === 'move' && order.viaConvoy === true) {
    if (unit.type !== 'A') return 'NSA';
    for (const sea of order.path ?? []) {
      const fleet = unitAt(map, position.units, sea);
      if (!fleet || fleet.type !== 'F') return 'NSF';
    }
  }
  return 'FAR';
}

/** Why a build at `ref` cannot be: HSC, YSC, ESC, NSC, CST; MBV when it can. */
function buildNote(ctx: OrderingContext, ref: UnitRef, sites: readonly string[]): string {
  const { map, position, power } = ctx;
  const { province } = splitCoast(map, ref.location);
  if (ctx.legal.has(orderKey(map, { kind: 'build', unit: ref }))) return 'MBV';
  if (map.supplyCenter[province] !== 1) return 'NSC';
  const owned = (position.supplyCenters[power] ?? []).some((c) => sameProvince(map, c, ref.location));
  if (!owned) return 'YSC';
  if (position.units.some((u) => sameProvince(map, u.location, ref.location))) return 'ESC';
  if (!sites.some((s) => sameProvince(map, s, ref.location))) return 'HSC';
  return 'CST';
}
