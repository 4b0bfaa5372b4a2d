/**
 * What follows a phase, as the game loop plays it (src/game/game.ts: `resolvePhase`, `afterRetreats`): after the
 * Spring, the Fall movement; after the Fall (its retreats, or its movement when no retreat phase follows), new
 * centre owners, victory, then the Winter adjustments or, when no power can adjust, the next Spring; a game with a
 * year limit is drawn once that year is over.
 */
import { PHASE_ADJUSTMENT, PHASE_MOVEMENT } from '../position/coded.js';
import { ACTIVE, DRAW, FALL, SPRING, WINTER, WON, type Simulation } from './state.js';

/** The retreats of the season are over (or there were none): the next phase. */
export function endOfSeason(sim: Simulation): void {
  sim.dislodgedCount = 0;
  sim.contested.fill(0);
  if (sim.season === SPRING) {
    sim.season = FALL;
    sim.phaseType = PHASE_MOVEMENT;
    return;
  }
  updateOwnership(sim);
  const won = winnerOf(sim);
  if (adjustmentNeeded(sim)) {
    sim.season = WINTER;
    sim.phaseType = PHASE_ADJUSTMENT;
  } else startYear(sim, sim.year + 1);
  if (won >= 0) {
    sim.status = WON;
    sim.winner = won;
  }
}

/** The Spring movement of `year`; a draw when the year limit is passed. */
export function startYear(sim: Simulation, year: number): void {
  sim.year = year;
  sim.season = SPRING;
  sim.phaseType = PHASE_MOVEMENT;
  if (year > sim.settings.maxYear && sim.status === ACTIVE) sim.status = DRAW;
}

/** Each supply centre with a unit on it goes to the unit's power; the others keep their owner. */
function updateOwnership(sim: Simulation): void {
  const map = sim.map;
  const L = map.locationCount;
  for (let u = 0; u < sim.unitCount; u++) {
    const key = sim.units[u * 2 + 1]!;
    const province = map.locationProvince[key >= L ? key - L : key]!;
    if (map.supplyCenter[province] === 1) sim.owner[province] = sim.units[u * 2]!;
  }
}

/**
 * The power owning at least the centres a victory needs; when several do (a low threshold), the one with the most,
 * and none on a tie for the most (as `winner` of src/game/centers.ts).
 */
function winnerOf(sim: Simulation): number {
  let best = -1;
  let bestCount = -1;
  let tied = false;
  for (let power = 0; power < sim.map.powers.length; power++) {
    const n = sim.centerCount(power);
    if (n < sim.settings.victoryCenters) continue;
    if (n > bestCount) {
      best = power;
      bestCount = n;
      tied = false;
    } else if (n === bestCount) tied = true;
  }
  return tied ? -1 : best;
}

/**
 * Whether some power must disband, or has builds due and a free owned home centre to build in
 * (`adjustmentPhaseNeeded` of src/game/centers.ts).
 */
function adjustmentNeeded(sim: Simulation): boolean {
  const map = sim.map;
  const L = map.locationCount;
  for (let power = 0; power < map.powers.length; power++) {
    const change = sim.centerCount(power) - sim.unitCountOf(power);
    if (change < 0) return true;
    if (change === 0) continue;
    for (const home of map.homeCenters[power]!) {
      if (sim.owner[home] !== power) continue;
      let occupied = false;
      for (let u = 0; u < sim.unitCount && !occupied; u++) {
        const key = sim.units[u * 2 + 1]!;
        occupied = map.locationProvince[key >= L ? key - L : key] === home;
      }
      if (!occupied) return true;
    }
  }
  return false;
}
