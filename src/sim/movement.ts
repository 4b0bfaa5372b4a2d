/**
 * One movement phase of the simulation: the orders adjudicated in integer form (`resolveMovementRows`, the same
 * adjudication as `adjudicateMovement`), the units moved in place, the dislodged units set aside for the retreat
 * phase (or disbanded at once when they have nowhere to go, under the 'disband' convention); a dislodged neutral
 * unit is disbanded at once.
 */
import { resolveMovementRows } from '../adjudication/movement/codes.js';
import { PHASE_RETREAT } from '../position/coded.js';
import { endOfSeason } from './flow.js';
import { disbandUnretreatable } from './retreat.js';
import { simScratch } from './scratch.js';
import type { Simulation } from './state.js';

export function stepMovement(sim: Simulation): void {
  const map = sim.map;
  const result = resolveMovementRows(
    map,
    sim.units,
    sim.unitCount,
    sim.orders.codes,
    sim.orders.count,
    sim.settings.rules,
    simScratch(map).movement,
  );
  const r = result.value;
  // The state is a possible position by construction; anything else is a bug, not bad input.
  if (r === undefined) throw new Error(`simulation: ${result.issues.map((i) => i.message).join('; ')}`);
  const L = map.locationCount;
  const units = sim.units;
  let kept = 0;
  let dislodged = 0;
  for (let u = 0; u < sim.unitCount; u++) {
    const power = units[u * 2]!;
    const key = units[u * 2 + 1]!;
    if (r.dislodgedFrom[u]! < 0) {
      // Written at kept <= u: compaction in place.
      units[kept * 2] = power;
      units[kept * 2 + 1] = (key >= L ? L : 0) + r.location[u]!;
      kept++;
    } else if (power !== map.neutralPower) {
      sim.dislodged[dislodged * 2] = power;
      sim.dislodged[dislodged * 2 + 1] = key;
      sim.attackerFrom[dislodged] = r.dislodgedFrom[u]!;
      sim.byConvoy[dislodged] = r.byConvoy[u]!;
      dislodged++;
    }
  }
  sim.unitCount = kept;
  sim.dislodgedCount = dislodged;
  sim.contested.set(r.contested);
  sim.phaseType = PHASE_RETREAT;
  if (sim.settings.unretreatable === 'disband') disbandUnretreatable(sim);
  if (sim.dislodgedCount === 0) endOfSeason(sim);
}
