/**
 * A position in integer form (units as src/orders/codes.ts unit keys, provinces and powers as map indices): what
 * the simulation (src/sim) keeps and what the legal-order listing reads without building objects. Arrays may be
 * longer than their counts; only the first `unitCount` / `dislodgedCount` entries count.
 */
import { compileBoard, FLEET, type Board } from '../adjudication/board.js';
import { issue, type Issue, type Result } from '../issues.js';
import { lookupPower, splitCoast } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import type { Position } from './types.js';

/** Phase types in integer form, in the order of the year (typed `number`, so that a test never narrows a field). */
export const PHASE_MOVEMENT: number = 0;
export const PHASE_RETREAT: number = 1;
export const PHASE_ADJUSTMENT: number = 2;

export interface CodedPosition {
  /** PHASE_MOVEMENT, PHASE_RETREAT or PHASE_ADJUSTMENT. */
  readonly phaseType: number;
  readonly unitCount: number;
  /** Two integers per unit: the owner's power index, then the unit key (type * map.locationCount + location). */
  readonly units: Int32Array;
  readonly dislodgedCount: number;
  /** The dislodged units of a retreat phase, as `units`. */
  readonly dislodged: Int32Array;
  /** Per dislodged unit: the province its attacker came from (no retreat there, DATC 4.A.5). */
  readonly attackerFrom: Int32Array;
  /** Per dislodged unit: 1 when the attacker came by convoy (4.A.5 b: then it may retreat there). */
  readonly byConvoy: Uint8Array;
  /** Per province: 1 when a standoff left it empty in the movement phase before a retreat phase. */
  readonly contested: Uint8Array;
  /** Per province: the power owning the supply centre, or -1. */
  readonly owner: Int32Array;
}

/** The (power, unit key) pairs of a compiled board. */
export function boardUnitPairs(board: Board): Int32Array {
  const L = board.map.locationCount;
  const pairs = new Int32Array(board.unitCount * 2);
  for (let u = 0; u < board.unitCount; u++) {
    pairs[u * 2] = board.unitPower[u]!;
    pairs[u * 2 + 1] = (board.unitType[u] === FLEET ? L : 0) + board.unitLocation[u]!;
  }
  return pairs;
}

/**
 * The owner of each province from supply-centre lists (power name to province codes); issues for an unknown power
 * or a province that is not a supply centre.
 */
export function ownerTableOf(map: GameMap, supplyCenters: Position['supplyCenters']): Result<Int32Array> {
  const owner = new Int32Array(map.provinceCount).fill(-1);
  for (const [name, centers] of Object.entries(supplyCenters)) {
    const power = lookupPower(map, name);
    if (power < 0) return { issues: [issue('unknown-power', `supply centres of unknown power "${name}"`)] };
    for (const code of centers) {
      const p = splitCoast(map, code).province;
      if (p < 0 || !map.supplyCenter[p]) {
        return {
          issues: [issue('not-a-supply-center', `${name} owns "${code}", which is not a supply centre`)],
        };
      }
      owner[p] = power;
    }
  }
  return { value: owner, issues: [] };
}

/** What a retreat phase needs besides the units, in integer form: per dislodged unit and per province. */
export function retreatCodes(
  map: GameMap,
  position: Position,
): Pick<CodedPosition, 'attackerFrom' | 'byConvoy' | 'contested'> {
  const contested = new Uint8Array(map.provinceCount);
  for (const code of position.contested) {
    const p = splitCoast(map, code).province;
    if (p >= 0) contested[p] = 1;
  }
  return {
    attackerFrom: Int32Array.from(position.dislodged, (d) => splitCoast(map, d.attackerFrom).province),
    byConvoy: Uint8Array.from(position.dislodged, (d) => (d.byConvoy === true ? 1 : 0)),
    contested,
  };
}

/** `Position` phase types by their integer form. */
export const PHASE_TYPES = ['movement', 'retreat', 'adjustment'] as const;

/**
 * A position in integer form, checked as the adjudicators check it: the units and the dislodged units (each a
 * possible position, `compileBoard`'s issues), and the supply centres.
 */
export function codedPosition(map: GameMap, position: Position): Result<CodedPosition> {
  const issues: Issue[] = [];
  const units = compileBoard(map, position.units);
  const dislodged = compileBoard(map, position.dislodged);
  const owner = ownerTableOf(map, position.supplyCenters);
  issues.push(...units.issues, ...dislodged.issues, ...owner.issues);
  if (!units.value || !dislodged.value || !owner.value) return { issues };
  return {
    value: {
      phaseType: PHASE_TYPES.indexOf(position.phase.type),
      unitCount: units.value.unitCount,
      units: boardUnitPairs(units.value),
      dislodgedCount: dislodged.value.unitCount,
      dislodged: boardUnitPairs(dislodged.value),
      ...retreatCodes(map, position),
      owner: owner.value,
    },
    issues,
  };
}
