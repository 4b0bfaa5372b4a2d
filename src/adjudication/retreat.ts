/**
 * The retreat phase (DATC 6.H, 4.A.5): each dislodged unit may retreat to a neighbour it could reach without
 * convoy that is empty after the movement, was not left empty by a standoff and is not the province the attacker
 * came from (unless the attack came by convoy, 4.A.5 b). Two or more units retreating to one province are all
 * disbanded (6.H.7, 6.H.8). A dislodged unit without a legal retreat order is disbanded.
 */
import type { GameMap } from '../map/types.js';
import { armyAdjacent, lookupPower, splitCoast } from '../map/query.js';
import { issue, type Result } from '../issues.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import { ARMY, compileBoard, type Board } from './board.js';
import { fleetTarget, provinceOf, type Illegal } from './movement/legality.js';
import type { OrderOutcome, Reason, Resolution } from './outcome.js';
import { withDefaults, type RuleOptions } from './rules.js';

export interface RetreatResult {
  orders: OrderOutcome[];
  /** Units that retreated, where they stand now. */
  retreated: Unit[];
  /** Dislodged units that are disbanded (by order, for lack of an order, or by a retreat clash). */
  disbanded: Unit[];
  /** Every unit on the board after the phase. */
  units: Unit[];
}

export function adjudicateRetreats(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
): Result<RetreatResult> {
  const options = withDefaults(rules);
  if (position.phase.type !== 'retreat') {
    return {
      issues: [
        issue('wrong-phase', `the position is in a ${position.phase.type} phase, not a retreat phase`),
      ],
    };
  }
  const staying = compileBoard(map, position.units);
  if (!staying.value) return { issues: staying.issues };
  const retreating = compileBoard(map, position.dislodged);
  if (!retreating.value) return { issues: retreating.issues };
  const board = retreating.value;
  const occupied = new Uint8Array(map.provinceCount);
  // `u <= unitCount` survives (docs/verification.md): it only adds occupied[undefined] = 1, which a typed array ignores.
  for (let u = 0; u < staying.value.unitCount; u++) occupied[staying.value.unitProvince[u]!] = 1;
  const contested = new Uint8Array(map.provinceCount);
  for (const code of position.contested) {
    // An unknown province (-1) is past the typed array, which ignores the write.
    contested[splitCoast(map, code).province] = 1;
  }
  const attackerFrom = position.dislodged.map((d) => splitCoast(map, d.attackerFrom).province);

  // Legality and the first legal order per unit (4.D.3 a). `target[u]`: location retreated to, or -1 to disband.
  const target = new Int32Array(board.unitCount).fill(-2);
  const chosen = new Int32Array(board.unitCount).fill(-1);
  const verdicts = orders.map((given, i): { unit: number; illegal?: Illegal } => {
    const power = given.power === undefined ? -1 : lookupPower(map, given.power);
    const order = given.order;
    if (order.kind === 'waive' || order.kind === 'build') {
      return {
        unit: -1,
        illegal: {
          reason: 'wrong-phase',
          message: `a ${order.kind} order is not possible in a retreat phase`,
        },
      };
    }
    const province = provinceOf(map, order.unit.location);
    const u = province < 0 ? -1 : board.unitAt[province]!;
    if (u < 0) {
      return {
        unit: -1,
        illegal: { reason: 'not-dislodged', message: `no dislodged unit in ${order.unit.location} (6.H.4)` },
      };
    }
    if (board.unitPower[u] === map.neutralPower) {
      const message = 'a dislodged neutral unit is disbanded: it takes no order';
      return { unit: u, illegal: { reason: 'neutral-unit', message } };
    }
    if (power >= 0 && board.unitPower[u] !== power) {
      return {
        unit: u,
        illegal: {
          reason: 'foreign-unit',
          message: `the dislodged unit belongs to ${map.powers[board.unitPower[u]!]}`,
        },
      };
    }
    let location = -1;
    if (order.kind === 'move') {
      if (order.viaConvoy === true || (order.path?.length ?? 0) > 0) {
        return {
          unit: u,
          illegal: { reason: 'wrong-phase', message: 'no convoy in a retreat phase (6.H.3)' },
        };
      }
      const byConvoy =
        position.dislodged[u]!.byConvoy === true && options.retreatToConvoyOrigin === 'allowed';
      const check = retreatTarget(
        board,
        u,
        order.to,
        occupied,
        contested,
        attackerFrom[u]!,
        byConvoy,
        options,
      );
      if ('reason' in check) return { unit: u, illegal: check };
      location = check.location;
    } else if (order.kind !== 'disband') {
      return {
        unit: u,
        illegal: {
          reason: 'wrong-phase',
          message: `a ${order.kind} order is not possible in a retreat phase (6.H.1)`,
        },
      };
    }
    if (chosen[u]! >= 0) {
      return {
        unit: u,
        illegal: {
          reason: 'duplicate-order' as never,
          message: 'the unit already has an order; the first one counts (4.D.3 a)',
        },
      };
    }
    chosen[u] = i;
    target[u] = location;
    return { unit: u };
  });

  // Retreats to the same province all fail.
  const arrivals = new Int32Array(map.provinceCount);
  // `u <= unitCount` survives (docs/verification.md): target[unitCount] is undefined and `undefined >= 0` is false.
  for (let u = 0; u < board.unitCount; u++)
    // `true` for the test survives (docs/verification.md): arrivals[undefined]++ only adds a property no line reads.
    if (target[u]! >= 0) arrivals[map.locationProvince[target[u]!]!]!++;
  // A unit that disbands or has no order (a target below 0) has no province: arrivals[undefined] is not 1.
  const succeeded = (u: number): boolean => arrivals[map.locationProvince[target[u]!]!] === 1;

  const unitText = (u: number): string =>
    `${board.unitType[u] === ARMY ? 'A' : 'F'} ${map.locationCode[board.unitLocation[u]!]}`;
  const outcomes: OrderOutcome[] = orders.map((given, i) => {
    const verdict = verdicts[i]!;
    const base = verdict.unit >= 0 ? { given, unit: unitText(verdict.unit) } : { given };
    if (verdict.illegal) {
      const reason: Reason = {
        code: 'illegal',
        rule: verdict.illegal.reason,
        message: verdict.illegal.message,
      };
      return {
        ...base,
        resolution: 'illegal' as Resolution,
        reason,
        message: `illegal: ${verdict.illegal.message}`,
      };
    }
    const u = verdict.unit;
    if (target[u] === -1)
      return { ...base, resolution: 'succeeds', reason: { code: 'disbanded' }, message: 'disbanded' };
    if (succeeded(u))
      return { ...base, resolution: 'succeeds', reason: { code: 'retreated' }, message: 'retreats' };
    const others: string[] = [];
    // `w <= unitCount` survives (docs/verification.md): target[unitCount] is undefined and `undefined >= 0` is false.
    for (let w = 0; w < board.unitCount; w++) {
      // A unit that disbands or has no order has no province (undefined), never the one u retreated to.
      if (w !== u && map.locationProvince[target[w]!] === map.locationProvince[target[u]!])
        others.push(unitText(w));
    }
    // Named in one order whatever the order of the units.
    others.sort();
    return {
      ...base,
      resolution: 'fails',
      reason: { code: 'retreat-clash', with: others },
      message: `fails: ${others.join(', ')} retreat there too; disbanded`,
    };
  });

  const retreated: Unit[] = [];
  const disbanded: Unit[] = [];
  for (let u = 0; u < board.unitCount; u++) {
    const d = position.dislodged[u]!;
    if (succeeded(u))
      retreated.push({ power: d.power, type: d.type, location: map.locationCode[target[u]!]! });
    else disbanded.push({ power: d.power, type: d.type, location: d.location });
  }
  return {
    value: { orders: outcomes, retreated, disbanded, units: [...position.units, ...retreated] },
    issues: [],
  };
}

/** Where a dislodged unit may retreat to, or why not. */
function retreatTarget(
  board: Board,
  u: number,
  destCode: string,
  occupied: Uint8Array,
  contested: Uint8Array,
  attackerFrom: number,
  byConvoy: boolean,
  rules: RuleOptions,
): { location: number } | Illegal {
  const map = board.map;
  const dest = provinceOf(map, destCode);
  if (dest < 0) return { reason: 'unknown-location', message: `unknown location ${destCode}` };
  const name = map.locationCode[dest]!;
  let location: number;
  if (board.unitType[u] === ARMY) {
    if (map.provinceKind[dest] === 'sea')
      return { reason: 'army-to-sea', message: `an army cannot retreat to ${name}` };
    if (!armyAdjacent(map, board.unitProvince[u]!, dest))
      return { reason: 'not-adjacent', message: `${name} is not adjacent (6.H.3)` };
    location = dest;
  } else {
    if (map.provinceKind[dest] === 'land')
      return { reason: 'fleet-to-land', message: `a fleet cannot retreat to ${name}` };
    const t = fleetTarget(map, board.unitLocation[u]!, dest, destCode, false, rules);
    if ('reason' in t) return t;
    location = t.location;
  }
  // Province level: neither coast of the attacker's province, nor of a contested one (6.H.15, 6.H.16).
  if (dest === attackerFrom && !byConvoy)
    return { reason: 'retreat-to-attacker', message: `${name} is where the attacker came from (6.H.5)` };
  if (contested[dest])
    return { reason: 'retreat-contested', message: `${name} was left empty by a standoff (6.H.6)` };
  if (occupied[dest]) return { reason: 'retreat-occupied', message: `${name} is occupied` };
  return { location };
}
