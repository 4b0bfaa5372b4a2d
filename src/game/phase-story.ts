/**
 * The story of a processed phase, for whoever shows a game's history (the web page, the server's map.svg): every
 * mark the board needs (the orders and their outcomes, the standoffs that left a province empty, the dislodged
 * units with where their attacker came from) and each result in words, the dislodgement spelled out ("dislodged
 * by F HOL; may retreat to BUR, PIC") instead of a bare "holds".
 *
 * A phase record keeps its orders, outcomes and dislodged units but not its standoffs: those come from adjudicating
 * the movement phase again under the game's rules, which gives the same result (adjudication is deterministic).
 */
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import type { RuleOptions } from '../adjudication/rules.js';
import type { GameMap } from '../map/types.js';
import type { DislodgedUnit, Position } from '../position/types.js';
import type { DislodgedRecord } from './game.js';

/** What the story needs of a phase record (PhaseRecord, or its game-file form). */
export interface PlayedPhase {
  position: Position;
  outcomes: readonly OrderOutcome[];
  dislodged?: readonly DislodgedRecord[];
}

/** The board's marks of a played phase: renderSvg's `result`. */
export interface PhaseMarks {
  orders: OrderOutcome[];
  contested: string[];
  dislodged: DislodgedUnit[];
}

export function phaseMarks(map: GameMap, phase: PlayedPhase, rules?: Partial<RuleOptions>): PhaseMarks {
  const orders = [...phase.outcomes];
  if (phase.position.phase.type !== 'movement') return { orders, contested: [], dislodged: [] };
  const again = adjudicateMovement(
    map,
    phase.position,
    orders.map((o) => o.given),
    rules,
  ).value;
  if (again) return { orders, contested: again.contested, dislodged: again.dislodged };
  // Not adjudicated again (a record from elsewhere): the dislodged units it lists, no standoffs.
  return { orders, contested: [], dislodged: (phase.dislodged ?? []).map(dislodgedUnit) };
}

function dislodgedUnit(d: DislodgedRecord): DislodgedUnit {
  return {
    power: d.power,
    type: d.unit.startsWith('F') ? 'F' : 'A',
    location: d.unit.slice(2),
    attackerFrom: d.by.slice(2).split('/')[0]!,
  };
}

/** "dislodged by F HOL; may retreat to BUR, PIC", or "dislodged by F HOL; no retreat: disbanded". */
export function dislodgementText(d: { by: string; retreats: readonly string[] }): string {
  return d.retreats.length > 0
    ? `dislodged by ${d.by}; may retreat to ${d.retreats.join(', ')}`
    : `dislodged by ${d.by}; no retreat: disbanded`;
}

/** One line of results: the order and its outcome, and what became of its unit when it was dislodged. */
export interface ResultLine {
  /** The unit ("A BEL"). */
  unit: string;
  outcome?: OrderOutcome;
  /** The outcome's message, and the dislodgement after it when the unit was dislodged. */
  text: string;
  dislodged?: DislodgedRecord;
}

/**
 * The results of a played phase, one line per order and one more per dislodged unit that had no order, each
 * dislodgement spelled out; then the standoffs, when `marks` are given.
 */
export function resultLines(phase: PlayedPhase, marks?: PhaseMarks): ResultLine[] {
  const dislodged = new Map((phase.dislodged ?? []).map((d) => [d.unit, d]));
  const lines: ResultLine[] = phase.outcomes.map((o) => {
    const d =
      (o.unit === undefined ? undefined : dislodged.get(o.unit)) ??
      (o.dislodged && o.unit !== undefined
        ? { unit: o.unit, power: o.given.power ?? '', by: o.dislodged.by, retreats: o.dislodged.retreats }
        : undefined);
    if (d) dislodged.delete(d.unit);
    const line: ResultLine = {
      unit: o.unit ?? '',
      outcome: o,
      text: d ? `${o.message}; ${dislodgementText(d)}` : o.message,
    };
    if (d) line.dislodged = d;
    return line;
  });
  for (const d of dislodged.values())
    lines.push({ unit: d.unit, text: `no order; ${dislodgementText(d)}`, dislodged: d });
  if (marks && marks.contested.length > 0) {
    lines.push({
      unit: '',
      text: `standoff: ${marks.contested.join(', ')} left empty (no retreat there)`,
    });
  }
  return lines;
}
