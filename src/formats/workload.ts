/**
 * The benchmark workload format: many independent movement-phase positions with their orders, and the
 * positions that result. Shared by `npm run bench -- --workload FILE`, the batch adjudicator over worker threads
 * (src/node/batch.ts) and the workload generator (bench/generate.ts).
 *
 * ```jsonc
 * { "positions": [ { "id": 0, "phase": "S1905M",
 *                    "units": [{ "power": "FRANCE", "type": "A", "loc": "PAR" }, { "power": "AUSTRIA", "type": "F", "loc": "SPA/SC" }],
 *                    "centers": { "FRANCE": ["PAR", "MAR"] },
 *                    "orders": { "FRANCE": ["A PAR - BUR", "A MUN S A BUR - MAR", "F NTH C A LON - NWY", "A LON - NWY VIA"] } } ] }
 * ```
 *
 * Results: `{ "results": [ { "id": 0, "units": ["A BUR", "F SPA/NC"], "dislodged": ["F SPA/SC"] } ] }`: the units
 * after the phase without the dislodged ones, and the dislodged ones, in MILA form.
 *
 * Issue codes: bad-workload (the file is not of this shape), bad-phase (not a movement phase name), and the order
 * parser's codes for order lines that cannot be read (those orders are left out: their units hold).
 */
import { issue, type Issue, type Result } from '../issues.js';
import type { GameMap, UnitType } from '../map/types.js';
import { lookupPower } from '../map/query.js';
import { parseOrder } from '../orders/parse.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import { parsePhaseName } from '../game/phases.js';
import { resolveMovement } from '../adjudication/movement/adjudicate.js';

export interface WorkloadUnit {
  power: string;
  type: UnitType;
  /** Location code: "PAR", "SPA/SC". */
  loc: string;
}

export interface WorkloadPosition {
  id: number | string;
  /** "S1905M": a movement phase. */
  phase: string;
  units: WorkloadUnit[];
  centers: Record<string, string[]>;
  /** Power to its orders, MILA text. */
  orders: Record<string, string[]>;
}

export interface Workload {
  positions: WorkloadPosition[];
}

export interface WorkloadResult {
  id: number | string;
  /** Units after the phase, without the dislodged ones: "A BUR", "F SPA/NC". */
  units: string[];
  dislodged: string[];
  /** Set when the position could not be adjudicated (a bad position or phase); then the lists are empty. */
  error?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** Checks the shape of a parsed workload file. */
export function readWorkload(json: unknown): Result<Workload> {
  const bad = (message: string): Result<Workload> => ({ issues: [issue('bad-workload', message)] });
  if (!isObject(json) || !Array.isArray(json['positions'])) return bad('expected {"positions": [...]}');
  const positions = json['positions'] as unknown[];
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    const at = `positions[${i}]`;
    if (!isObject(p)) return bad(`${at} must be an object`);
    if (typeof p['id'] !== 'number' && typeof p['id'] !== 'string')
      return bad(`${at}.id must be a number or string`);
    if (typeof p['phase'] !== 'string') return bad(`${at}.phase must be a string like "S1905M"`);
    const units = p['units'];
    if (!Array.isArray(units)) return bad(`${at}.units must be an array`);
    for (const u of units as unknown[]) {
      if (
        !isObject(u) ||
        typeof u['power'] !== 'string' ||
        typeof u['loc'] !== 'string' ||
        (u['type'] !== 'A' && u['type'] !== 'F')
      )
        return bad(`${at}.units: each unit is {"power", "type": "A" | "F", "loc"}`);
    }
    for (const field of ['centers', 'orders']) {
      const v = p[field] ?? {};
      if (!isObject(v) || !Object.values(v).every(isStrings))
        return bad(`${at}.${field} must map power names to arrays of strings`);
    }
  }
  return { value: json as unknown as Workload, issues: [] };
}

/** The `Position` of a workload entry (its units and centres; no dislodged units). */
export function workloadPosition(entry: WorkloadPosition): Result<Position> {
  const phase = parsePhaseName(entry.phase);
  if (phase?.type !== 'movement')
    return { issues: [issue('bad-phase', `position ${entry.id}: "${entry.phase}" is not a movement phase`)] };
  const units: Unit[] = entry.units.map((u) => ({ power: u.power, type: u.type, location: u.loc }));
  return {
    value: { phase, units, dislodged: [], contested: [], supplyCenters: entry.centers ?? {} },
    issues: [],
  };
}

/** The orders of a workload entry, read from their text. Lines that cannot be read are issues and left out. */
export function workloadOrders(map: GameMap, entry: WorkloadPosition): Result<GivenOrder[]> {
  const orders: GivenOrder[] = [];
  const issues: Issue[] = [];
  for (const written in entry.orders) {
    const lines = entry.orders[written]!;
    const power = map.powers.includes(written) ? written : (map.powers[lookupPower(map, written)] ?? written);
    for (let i = 0; i < lines.length; i++) {
      const r = parseOrder(map, lines[i]!);
      if (r.value === undefined) {
        for (const x of r.issues)
          issues.push({ ...x, message: `position ${entry.id}, ${power}: ${x.message}` });
        continue;
      }
      orders.push({ power, order: r.value.order });
    }
  }
  return { value: orders, issues };
}

const mila = (u: Unit): string => `${u.type} ${u.location}`;

/** The result entry of a workload position: `after` is the position after its movement phase. */
export function workloadResult(id: number | string, after: Position): WorkloadResult {
  return { id, units: after.units.map(mila), dislodged: after.dislodged.map(mila) };
}

/**
 * Adjudicates one workload entry from its text: reads the orders, adjudicates, and gives the result entry (with
 * `error` when the position is bad; order lines that cannot be read are left out, their units hold).
 */
export function adjudicateWorkloadEntry(map: GameMap, entry: WorkloadPosition): WorkloadResult {
  const position = workloadPosition(entry);
  const result =
    position.value && resolveMovement(map, position.value, workloadOrders(map, entry).value ?? []);
  if (!result?.value) {
    const issues = result?.issues ?? position.issues;
    return { id: entry.id, units: [], dislodged: [], error: issues.map((i) => i.message).join('; ') };
  }
  return workloadResult(entry.id, result.value);
}
