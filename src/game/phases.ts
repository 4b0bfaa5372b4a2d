/**
 * Phase names and the sequence of phases in a year.
 *
 * A year has five phases: Spring movement, Spring retreats, Fall movement, Fall retreats, Winter adjustments. They
 * are named as in MILA/dipcc data: season letter, year, type letter: `S1901M`, `S1901R`, `F1901M`, `F1901R`,
 * `W1901A`. Which phases are skipped (an empty retreat or adjustment phase) depends on the position and is decided
 * by the game (game.ts); here is only the fixed order.
 *
 * The years come from the map's calendar (`MapRules.calendar`): on the standard map the Fall is in the year of its
 * Spring and the next Spring a year later; Hundred plays a turn every five years (S1425M, F1430M, W1430A, S1435M).
 * Every step from one year to another goes through `fallYear` and `springYear`.
 */
import type { Calendar, GameMap } from '../map/types.js';
import type { Phase, PhaseType, Season } from '../position/types.js';

/** The standard calendar: Spring and Fall in one year, the next Spring a year later. */
export const STANDARD_CALENDAR: Readonly<Calendar> = Object.freeze({ springToFall: 0, fallToSpring: 1 });

/** The year of the Fall that follows the Spring of `year`. */
export function fallYear(calendar: Readonly<Calendar>, year: number): number {
  return year + calendar.springToFall;
}

/** The year of the Spring that follows the Fall (and the Winter) of `year`. */
export function springYear(calendar: Readonly<Calendar>, year: number): number {
  return year + calendar.fallToSpring;
}

/** The year of the `turn`th Fall of a game on `map` (the first is 1); 1920 is the twentieth on the standard map. */
export function fallYearOfTurn(map: GameMap, turn: number): number {
  const { springToFall, fallToSpring } = map.rules.calendar;
  return map.startYear + (turn - 1) * (springToFall + fallToSpring) + springToFall;
}

/** The first phase of a game on `map`: the Spring movement of its start year. */
export function firstPhase(map: GameMap): Phase {
  return { season: 'spring', year: map.startYear, type: 'movement' };
}

const SEASON_LETTER: Record<Season, string> = { spring: 'S', fall: 'F', winter: 'W' };
const TYPE_LETTER: Record<PhaseType, string> = { movement: 'M', retreat: 'R', adjustment: 'A' };

/** The five phases of a year, in order. */
export const YEAR_PHASES: readonly { season: Season; type: PhaseType }[] = [
  { season: 'spring', type: 'movement' },
  { season: 'spring', type: 'retreat' },
  { season: 'fall', type: 'movement' },
  { season: 'fall', type: 'retreat' },
  { season: 'winter', type: 'adjustment' },
];

/** `S1901M`, `F1901R`, `W1901A`. */
export function phaseName(phase: Phase): string {
  return `${SEASON_LETTER[phase.season]}${phase.year}${TYPE_LETTER[phase.type]}`;
}

/**
 * The phase named `S1901M`, `f1901r`, `W1901A` (any case), or undefined when the name is not one of the five
 * phases of a year (`W1901M`, `S1901A`, `COMPLETED` and the like).
 */
export function parsePhaseName(name: string): Phase | undefined {
  const m = /^([SFW])(\d{1,5})([MRA])$/.exec(name.trim().toUpperCase());
  if (!m) return undefined;
  const season: Season = m[1] === 'S' ? 'spring' : m[1] === 'F' ? 'fall' : 'winter';
  const type: PhaseType = m[3] === 'M' ? 'movement' : m[3] === 'R' ? 'retreat' : 'adjustment';
  if (!YEAR_PHASES.some((p) => p.season === season && p.type === type)) return undefined;
  return { season, year: Number(m[2]), type };
}

/** The phase after `phase` when nothing is skipped, the years counted by `calendar` (default: the standard one). */
export function nextPhase(phase: Phase, calendar: Readonly<Calendar> = STANDARD_CALENDAR): Phase {
  const i = YEAR_PHASES.findIndex((p) => p.season === phase.season && p.type === phase.type);
  const next = YEAR_PHASES[i + 1];
  if (i < 0 || next === undefined)
    return { season: 'spring', year: springYear(calendar, phase.year), type: 'movement' };
  const year =
    phase.season === 'spring' && next.season === 'fall' ? fallYear(calendar, phase.year) : phase.year;
  return { season: next.season, year, type: next.type };
}

/** Sort key: phases compare in game order (year, then position in the year). */
export function phaseIndex(phase: Phase): number {
  const i = YEAR_PHASES.findIndex((p) => p.season === phase.season && p.type === phase.type);
  return phase.year * YEAR_PHASES.length + i;
}

export function samePhase(a: Phase, b: Phase): boolean {
  return a.season === b.season && a.year === b.year && a.type === b.type;
}
