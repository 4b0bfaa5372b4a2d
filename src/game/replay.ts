/**
 * Replay of a recorded game: for each phase that has a next one, its recorded orders are applied to its recorded
 * position and the result is compared with the next recorded position:
 * - the name of the next phase (after skipping empty retreat and adjustment phases; not for MILA's "COMPLETED");
 * - the units on the board, and the dislodged units;
 * - the retreat options of each dislodged unit (as recorded, or as they follow from the recorded position);
 * - the supply-centre owners (where recorded): unchanged except after the Fall.
 * Dislodged units that cannot retreat which the recording treats the other way (disbanded at once, or kept for a
 * retreat phase: `GameOptions.unretreatable`) are compared with that treatment, and the report says so.
 * Orders that are illegal in the position are ignored as the DATC preferences say (4.E.1: the unit holds; a bad
 * retreat disbands; a bad build is not made) and listed in the report.
 */
import type { GameMap } from '../map/types.js';
import { splitCoast } from '../map/query.js';
import { isNeutral } from '../map/neutral.js';
import type { Position } from '../position/types.js';
import { retreatOptions } from './centers.js';
import { resolvePhase, type MovementAdjudicator, type PhaseRecord } from './game.js';
import { type RecordedGame, type RecordedPhase, unitKey } from './history.js';
import { phaseName } from './phases.js';

export interface PhaseCheck {
  phase: string;
  pass: boolean;
  /** What differs, one entry per kind of difference: "units: missing FRANCE A BUR; unexpected FRANCE A PAR". */
  differences: string[];
  /** Orders that were illegal (or unreadable) and so ignored: "FRANCE A PAR - MOS". */
  illegal: string[];
  /**
   * Set when the recording treats dislodged units that cannot retreat the other way (`GameOptions.unretreatable`)
   * and the phase was compared with that treatment: how the recording treats them.
   */
  note?: string;
}

export interface ReplayReport {
  phases: PhaseCheck[];
  passed: number;
  failed: number;
}

/**
 * Replays every phase of `game` that is followed by another recorded phase. Movement phases are adjudicated by
 * `movement` (default `adjudicateMovement`).
 */
export function replay(map: GameMap, game: RecordedGame, movement?: MovementAdjudicator): ReplayReport {
  const phases: PhaseCheck[] = [];
  for (let i = 0; i + 1 < game.phases.length; i++) {
    const [phase, next] = [game.phases[i] as RecordedPhase, game.phases[i + 1] as RecordedPhase];
    phases.push(checkPhase(map, game, phase, next, movement));
  }
  const passed = phases.filter((p) => p.pass).length;
  return { phases, passed, failed: phases.length - passed };
}

function checkPhase(
  map: GameMap,
  game: RecordedGame,
  phase: RecordedPhase,
  next: RecordedPhase,
  movement?: MovementAdjudicator,
): PhaseCheck {
  const unreadable = (phase.unreadable ?? []).map((u) => `${u.power} ${u.text} (unreadable: ${u.message})`);
  const resolved = resolvePhase(map, phase.position, phase.orders, game.options, movement);
  if (!resolved.value) {
    return {
      phase: phase.name,
      pass: false,
      differences: [`cannot adjudicate: ${resolved.issues.map((i) => i.message).join('; ')}`],
      illegal: unreadable,
    };
  }
  const { record } = resolved.value;
  const illegal: string[] = [];
  record.outcomes.forEach((outcome, i) => {
    const order = record.orders[i];
    if (outcome.resolution === 'illegal' && order) illegal.push(`${order.power} ${order.text}`);
  });
  illegal.push(...unreadable);
  const other = asRecorded(map, game, phase, next, record, movement);
  const differences = compareNext(map, next, other?.next ?? resolved.value.next);
  const check: PhaseCheck = { phase: phase.name, pass: differences.length === 0, differences, illegal };
  if (other) check.note = other.note;
  return check;
}

/**
 * A dislodged unit with no retreat is gone by the next movement phase whichever way a game treats it
 * (`GameOptions.unretreatable`). When the recording treats such units the other way (it keeps them all in its
 * retreat phase where we disband them at once, or it has none of them where we keep them), the next phase is
 * compared with the other treatment, and the note says how the recording treats them; otherwise undefined.
 * A third way (godip's game files): the recording holds the retreat phase that only such units would need, but
 * has already disbanded them, so it is empty; then the next phase is that retreat phase without them.
 */
function asRecorded(
  map: GameMap,
  game: RecordedGame,
  phase: RecordedPhase,
  next: RecordedPhase,
  record: PhaseRecord,
  movement?: MovementAdjudicator,
): { next: Position; note: string } | undefined {
  // Dislodged neutral units are disbanded at once under either treatment.
  const dislodged = (record.dislodged ?? []).filter((d) => !isNeutral(map, d.power));
  const stuck = dislodged.filter((d) => d.retreats.length === 0);
  if (phase.position.phase.type !== 'movement' || stuck.length === 0) return undefined;
  const kept = new Set(next.position.dislodged.map(unitKey));
  const keeps = stuck.filter((d) => kept.has(`${d.power} ${d.unit}`)).length;
  const disbanding = (game.options.unretreatable ?? 'disband') === 'disband';
  const units = stuck.map((d) => `${d.power} ${d.unit}`).join(', ');
  const emptyRetreats = { ...phase.position.phase, type: 'retreat' } as const;
  if (
    disbanding &&
    keeps === 0 &&
    stuck.length === dislodged.length &&
    next.name === phaseName(emptyRetreats)
  ) {
    const options = { ...game.options, unretreatable: 'retreat-phase' } as const;
    const other = resolvePhase(map, phase.position, phase.orders, options, movement).value;
    if (!other) return undefined;
    const note = `the recording holds a retreat phase for ${units}, which cannot retreat, and has disbanded ${stuck.length === 1 ? 'it' : 'them'} already`;
    return { next: { ...other.next, dislodged: [], contested: [] }, note };
  }
  if (disbanding ? keeps < stuck.length : keeps > 0) return undefined;
  const unretreatable = disbanding ? 'retreat-phase' : 'disband';
  const options = { ...game.options, unretreatable } as const;
  const other = resolvePhase(map, phase.position, phase.orders, options, movement).value;
  if (!other) return undefined;
  const note = disbanding
    ? `the recording keeps ${units}, which cannot retreat, for a retreat phase`
    : `the recording disbands at once ${units}, which cannot retreat`;
  return { next: other.next, note };
}

/** What differs between the recorded next phase and ours, one entry per kind of difference. */
function compareNext(map: GameMap, next: RecordedPhase, ours: Position): string[] {
  const differences: string[] = [];
  const recorded = next.position;
  if (next.name !== 'COMPLETED' && phaseName(ours.phase) !== next.name) {
    differences.push(`next phase: ${phaseName(ours.phase)}, recorded ${next.name}`);
  }
  const units = diff(recorded.units.map(unitKey), ours.units.map(unitKey));
  if (units) differences.push(`units: ${units}`);
  const dislodged = diff(recorded.dislodged.map(unitKey), ours.dislodged.map(unitKey));
  if (dislodged) differences.push(`dislodged: ${dislodged}`);
  const retreats = compareRetreats(map, next, ours);
  if (retreats) differences.push(`retreats: ${retreats}`);
  if (next.centersRecorded !== false) {
    const centers = compareCenters(map, recorded, ours);
    if (centers) differences.push(`centres: ${centers}`);
  }
  return differences;
}

/** "missing X, Y; unexpected Z" (expected = recorded, actual = ours), or "" when the sets are equal. */
function diff(expected: readonly string[], actual: readonly string[]): string {
  const e = new Set(expected);
  const a = new Set(actual);
  const missing = [...e].filter((x) => !a.has(x)).sort();
  const extra = [...a].filter((x) => !e.has(x)).sort();
  const parts: string[] = [];
  if (missing.length > 0) parts.push(`recorded but not found ${missing.join(', ')}`);
  if (extra.length > 0) parts.push(`found but not recorded ${extra.join(', ')}`);
  return parts.join('; ');
}

/**
 * Retreat options of the dislodged units: ours against those the file records (compared by province, since files
 * differ in whether a fleet's option names its coast) or, when it records none, those of the recorded position.
 */
function compareRetreats(map: GameMap, next: RecordedPhase, ours: Position): string {
  const recorded = new Map<string, string[]>();
  const byProvince = next.retreats !== undefined;
  const normal = (options: readonly string[]): string[] =>
    byProvince
      ? [...new Set(options.map((o) => map.locationCode[splitCoast(map, o).province] ?? o))].sort()
      : [...options].sort();
  if (next.retreats) {
    for (const [unit, options] of Object.entries(next.retreats)) recorded.set(unit, normal(options));
  } else {
    for (const r of retreatOptions(map, next.position)) recorded.set(unitKey(r.unit), r.retreats);
  }
  const parts: string[] = [];
  for (const r of retreatOptions(map, ours)) {
    const key = byProvince ? `${r.unit.type} ${r.unit.location}` : unitKey(r.unit);
    const theirs = recorded.get(key);
    if (theirs === undefined) continue; // reported as a difference in the dislodged units
    const mine = normal(r.retreats).join(' ');
    if (theirs.join(' ') !== mine) {
      parts.push(
        `${unitKey(r.unit)} may retreat to ${mine || 'nowhere'}, recorded ${theirs.join(' ') || 'nowhere'}`,
      );
    }
  }
  return parts.join('; ');
}

function compareCenters(map: GameMap, recorded: Position, ours: Position): string {
  const parts: string[] = [];
  for (const power of map.powers) {
    const theirs = [...(recorded.supplyCenters[power] ?? [])].sort();
    const mine = [...(ours.supplyCenters[power] ?? [])].sort();
    if (theirs.join(' ') === mine.join(' ')) continue;
    const missing = theirs.filter((c) => !mine.includes(c));
    const extra = mine.filter((c) => !theirs.includes(c));
    const bits: string[] = [];
    if (missing.length > 0) bits.push(`recorded ${missing.join(' ')} not found`);
    if (extra.length > 0) bits.push(`found ${extra.join(' ')} not recorded`);
    parts.push(`${power} ${bits.join(', ')}`);
  }
  return parts.join('; ');
}

/** The report as lines: `PASS S1901M`, `FAIL F1901M: units: ...`, then `N passed, N failed`. */
export function formatReplay(report: ReplayReport): string[] {
  const lines = report.phases.map((p) => {
    const illegal = p.illegal.length > 0 ? ` (illegal: ${p.illegal.join('; ')})` : '';
    const note = p.note === undefined ? '' : ` (${p.note})`;
    return p.pass
      ? `PASS ${p.phase}${illegal}${note}`
      : `FAIL ${p.phase}: ${p.differences.join('; ')}${illegal}${note}`;
  });
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return lines;
}
