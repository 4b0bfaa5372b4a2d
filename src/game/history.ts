/**
 * The history of a game, in two forms: as text for people (`describePhase`), and as a `RecordedGame`, the list of
 * positions and orders that a replay checks. A `RecordedGame` comes from our own game (every phase played plus the
 * current position) or from a MILA/dipcc file (formats/mila-json.ts).
 */
import { NEUTRAL } from '../map/neutral.js';
import type { GameMap } from '../map/types.js';
import type { Position, Unit } from '../position/types.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import { adjustmentsDue, centerCounts, retreatOptions } from './centers.js';
import { type Game, type GameOptions, type PhaseRecord, type SubmittedOrder, unitText } from './game.js';
import { phaseName } from './phases.js';

/** One recorded phase: the position at its start and the orders given in it. */
export interface RecordedPhase {
  /** "S1901M", or "COMPLETED" for the final position of a finished MILA game. */
  name: string;
  position: Position;
  orders: SubmittedOrder[];
  /** Orders in the file that could not be read; a replay lists them with the illegal orders. */
  unreadable?: { power: string; text: string; message: string }[];
  /** Retreat options as the file records them ("A MUN" to locations), when it does. */
  retreats?: Record<string, string[]>;
  /** False when the file did not record the supply centres of this phase: they are then not compared. */
  centersRecorded?: boolean;
}

export interface RecordedGame {
  map: string;
  options: GameOptions;
  phases: RecordedPhase[];
}

/** Our game as a recorded game: every phase of the history, then the current position with any orders given. */
export function recordedFromGame(game: Game): RecordedGame {
  const phases: RecordedPhase[] = game.history.map((r) => ({
    name: r.name,
    position: r.position,
    orders: r.orders,
  }));
  phases.push({ name: phaseName(game.position.phase), position: game.position, orders: game.orders });
  return { map: game.map, options: game.options, phases };
}

/** "FRANCE A PAR - BUR" for an order as submitted. */
export function orderLine(order: SubmittedOrder): string {
  return `${order.power} ${order.text}`;
}

function outcomeText(outcome: OrderOutcome | undefined): string {
  if (!outcome) return '';
  let text = outcome.message;
  if (outcome.dislodged) {
    const d = outcome.dislodged;
    text +=
      d.retreats.length > 0
        ? `; dislodged by ${d.by} from ${d.from}`
        : `; destroyed by ${d.by} from ${d.from}`;
  }
  return text;
}

/** The lines that tell what happened in one phase. */
export function describePhase(record: PhaseRecord): string[] {
  const lines = [record.name];
  const width = Math.max(0, ...record.orders.map((o) => orderLine(o).length));
  record.orders.forEach((order, i) => {
    lines.push(`  ${orderLine(order).padEnd(width)}  ${outcomeText(record.outcomes[i])}`);
  });
  if (record.orders.length === 0) lines.push('  (no orders)');
  const disbanded = record.disbanded ?? [];
  const atOnce = new Set(
    record.position.phase.type === 'movement'
      ? disbanded.filter((u) => u.reason === 'no retreat' || u.reason === 'neutral').map((u) => unitKey(u))
      : [],
  );
  const neutral = new Set(disbanded.filter((u) => u.reason === 'neutral').map((u) => unitKey(u)));
  for (const d of record.dislodged ?? []) {
    const key = `${d.power} ${d.unit}`;
    const where = neutral.has(key)
      ? 'disbanded: neutral'
      : d.retreats.length > 0
        ? `may retreat to ${d.retreats.join(', ')}`
        : atOnce.has(key)
          ? 'disbanded: no retreat'
          : 'no retreat: disbanded in the retreat phase';
    lines.push(`  dislodged: ${d.power} ${d.unit} by ${d.by}; ${where}`);
  }
  for (const a of record.adjustments ?? []) {
    if (a.change !== 0)
      lines.push(
        `  ${a.power}: ${counted(a.centers, 'centre')}, ${counted(a.units, 'unit')}: ${signed(a.change)}`,
      );
  }
  const disorder = new Set((record.civilDisorder ?? []).map(unitKey));
  for (const u of disbanded) {
    const key = unitKey(u);
    if (atOnce.has(key)) continue;
    const reason = u.reason ?? (disorder.has(key) ? 'civil disorder' : 'ordered');
    lines.push(`  disbanded: ${key}${reason === 'ordered' ? '' : ` (${reason})`}`);
  }
  for (const u of record.rebuilt ?? []) lines.push(`  neutral army rebuilt: ${u.type} ${u.location}`);
  return lines;
}

/** "1 centre", "3 centres". */
function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function signed(n: number): string {
  return n > 0 ? `${n} to build` : `${-n} to disband`;
}

/** The current position for people: phase, units, dislodged units, centres, and what each power must do. */
export function describePosition(map: GameMap, game: Game): string[] {
  const position = game.position;
  const lines: string[] = [];
  const status =
    game.status === 'won'
      ? `game over: ${game.winner ?? '?'} wins`
      : game.status === 'draw'
        ? 'game over: draw (year limit)'
        : `phase ${phaseName(position.phase)}`;
  lines.push(`${status}; victory at ${game.options.victoryCenters} centres`);
  const counts = centerCounts(map, position.supplyCenters);
  const retreats = position.phase.type === 'retreat' ? retreatOptions(map, position) : [];
  const due = position.phase.type === 'adjustment' ? adjustmentsDue(map, position) : [];
  // Units the last phase disbanded at once for want of a retreat: no retreat phase shows them.
  const last = game.history[game.history.length - 1];
  const lost = last?.position.phase.type === 'movement' ? (last.disbanded ?? []) : [];
  for (const power of map.powers) {
    const units = position.units.filter((u) => u.power === power);
    const centers = position.supplyCenters[power] ?? [];
    if (units.length === 0 && centers.length === 0 && !position.dislodged.some((d) => d.power === power)) {
      lines.push(`${power}: eliminated`);
      continue;
    }
    lines.push(`${power}: ${counted(counts[power] ?? 0, 'centre')}, ${counted(units.length, 'unit')}`);
    lines.push(`  units: ${units.map(unitText).join(', ') || '-'}`);
    lines.push(`  centres: ${centers.join(', ') || '-'}`);
    for (const u of lost.filter((x) => x.power === power)) {
      const by = last?.dislodged?.find((d) => d.unit === unitText(u))?.by;
      const attacker = by === undefined ? '' : ` by ${by}`;
      lines.push(`  dislodged in ${last?.name ?? ''}: ${unitText(u)}${attacker}; disbanded: no retreat`);
    }
    for (const r of retreats.filter((x) => x.unit.power === power)) {
      lines.push(
        `  dislodged: ${unitText(r.unit)}, retreats: ${r.retreats.join(', ') || 'none (will be disbanded)'}`,
      );
    }
    const a = due.find((x) => x.power === power);
    if (a && a.change > 0) {
      const sites = a.buildSites.join(', ') || 'none free';
      lines.push(`  must build: ${a.change} (sites: ${sites})`);
    } else if (a && a.change < 0) {
      lines.push(`  must disband: ${-a.change}`);
    }
    const given = game.orders.filter((o) => o.power === power);
    if (given.length > 0) lines.push(`  orders: ${given.map((o) => o.text).join('; ')}`);
  }
  const neutral = position.units.filter((u) => u.power === NEUTRAL);
  if (neutral.length > 0) {
    lines.push(`${NEUTRAL}: ${neutral.length} units (always hold)`);
    lines.push(`  units: ${neutral.map(unitText).join(', ')}`);
  }
  return lines;
}

/** A unit as "FRANCE A PAR". */
export function unitKey(unit: Unit): string {
  return `${unit.power} ${unitText(unit)}`;
}
