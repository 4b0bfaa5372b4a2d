/**
 * Legal orders of the simulation's current phase: the rows `legalOrderCodes` lists for the same position, read
 * from the state in integer form. Rule options that need the by-rules listing (needsRulesPath: 4.E.1 a-c, 4.C.5 a,
 * 4.A.6) list from the state made a `Position`.
 */
import { needsRulesPath } from '../legal/by-rules.js';
import { pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { ORDER_STRIDE } from '../orders/codes.js';
import { legalCodesOfCoded, legalOrderCodes } from '../legal/enumerate.js';
import { PHASE_MOVEMENT } from '../position/coded.js';
import { toPosition } from './convert.js';
import type { Simulation } from './state.js';

/** Appends the legal orders of `power` (-1: every power) to `into`. */
export function listLegalCodes(sim: Simulation, power: number, into: OrderCodeList): void {
  const { map, settings } = sim;
  if (sim.phaseType !== PHASE_MOVEMENT || !needsRulesPath(settings.rules)) {
    legalCodesOfCoded(map, sim, power, settings.rules, into);
    return;
  }
  const options =
    power < 0 ? { rules: settings.rules } : { rules: settings.rules, power: map.powers[power]! };
  const listed = legalOrderCodes(map, toPosition(sim), options).value;
  if (listed === undefined) throw new Error('simulation: the position cannot be listed');
  const c = listed.codes;
  for (let i = 0; i < listed.count * ORDER_STRIDE; i += ORDER_STRIDE)
    pushOrderCode(into, c[i]!, c[i + 1]!, c[i + 2]!, c[i + 3]!, c[i + 4]!);
}
