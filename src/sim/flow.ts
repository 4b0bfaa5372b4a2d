/**
 * What follows a phase, as the game loop plays it (src/game/game.ts: `resolvePhase`, `afterRetreats`): after the
 * Spring, the Fall movement; after the Fall (its retreats, or its movement when no retreat phase follows), new
 * centre owners, victory, then the Winter adjustments or, when no power can adjust, the next Spring; a game with a
 * year limit is drawn once that year is over.
 */
import { winnerByCounts } from '../game/centers.js';
import { buildAllowed } from '../map/builds.js';
import { neutralRebuilds } from '../map/neutral.js';
import { simScratch } from './scratch.js';
import { fallYear, springYear } from '../game/phases.js';
import { PHASE_ADJUSTMENT, PHASE_MOVEMENT } from '../position/coded.js';
import { ACTIVE, DRAW, FALL, SPRING, WINTER, WON, type Simulation } from './state.js';

/** The retreats of the season are over (or there were none): the next phase. */
export function endOfSeason(sim: Simulation): void {
  sim.dislodgedCount = 0;
  sim.contested.fill(0);
  if (sim.season === SPRING) {
    sim.year = fallYear(sim.map.rules.calendar, sim.year);
    sim.season = FALL;
    sim.phaseType = PHASE_MOVEMENT;
    return;
  }
  updateOwnership(sim);
  const won = winnerOf(sim);
  if (adjustmentNeeded(sim)) {
    sim.season = WINTER;
    sim.phaseType = PHASE_ADJUSTMENT;
  } else {
    rebuildNeutralArmies(sim); // what the skipped adjustment phase would have done
    startYear(sim, springYear(sim.map.rules.calendar, sim.year));
  }
  if (won >= 0) {
    sim.status = WON;
    sim.winner = won;
  }
}

/** The Spring movement of `year` (see `springYear`); a draw when the year limit is passed. */
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
    const power = sim.units[u * 2]!;
    if (map.supplyCenter[province] === 1 && power !== map.neutralPower) sim.owner[province] = power;
  }
}

/**
 * The neutral armies an adjustment phase rebuilds (`rules.neutralArmies`): one on every supply centre still neutral
 * and empty. Called at the end of the adjustment phase, or in its place when it is skipped.
 */
export function rebuildNeutralArmies(sim: Simulation): void {
  const map = sim.map;
  if (map.neutralPower < 0) return;
  const L = map.locationCount;
  const occupied = simScratch(map).claimed;
  occupied.fill(0);
  for (let u = 0; u < sim.unitCount; u++) {
    const key = sim.units[u * 2 + 1]!;
    occupied[map.locationProvince[key >= L ? key - L : key]!] = 1;
  }
  for (const p of neutralRebuilds(map, sim.owner, (q) => occupied[q] === 1)) sim.addUnit(map.neutralPower, p);
}

/** The winner by `winnerByCounts` of src/game/centers.ts, or -1. */
function winnerOf(sim: Simulation): number {
  const counts = simScratch(sim.map).used;
  counts.fill(0);
  for (let p = 0; p < sim.map.provinceCount; p++) if (sim.owner[p]! >= 0) counts[sim.owner[p]!]!++;
  return winnerByCounts(sim.map, counts, sim.settings.victoryCenters, sim.year);
}

/**
 * Whether some power must disband, or has builds due and a free owned centre to build in by the map's build rule
 * (`adjustmentPhaseNeeded` of src/game/centers.ts).
 */
function adjustmentNeeded(sim: Simulation): boolean {
  const map = sim.map;
  const L = map.locationCount;
  const { change, claimed: occupied } = simScratch(map);
  change.fill(0);
  occupied.fill(0);
  for (let p = 0; p < map.provinceCount; p++) if (sim.owner[p]! >= 0) change[sim.owner[p]!]!++;
  for (let u = 0; u < sim.unitCount; u++) {
    const key = sim.units[u * 2 + 1]!;
    occupied[map.locationProvince[key >= L ? key - L : key]!] = 1;
    change[sim.units[u * 2]!]!--;
  }
  for (let power = 0; power < map.powers.length; power++) if (change[power]! < 0) return true;
  for (let p = 0; p < map.provinceCount; p++) {
    const power = sim.owner[p]!;
    if (power >= 0 && change[power]! > 0 && occupied[p] === 0 && buildAllowed(map, p, power)) return true;
  }
  return false;
}
