/**
 * A game as the rows that store it (insert-game.ts): its JSON columns already serialized, its phase
 * records and messages as JSON arrays of rows, about 16 KiB each, for one INSERT ... jsonb_to_recordset per
 * batch instead of one statement per row. An import is turned into these rows in the import worker
 * (import-check.ts), so the main thread, which answers every other request, only hands strings to the database:
 * no parse, no copy of a large object, no stringify; and a game of thousands of messages is a few dozen statements.
 */
import { ALL, currentPhase, type Game, type Position } from 'dipkit';

export interface GameRows {
  map: string;
  /** GameOptions, as JSON. */
  options: string;
  status: Game['status'];
  winner: string | null;
  /** The current phase's name and, for its deadline, its kind. */
  phase: string;
  positionPhase: Position['phase'];
  /** Position, as JSON. */
  position: string;
  /** How many phase records; the records as JSON arrays of `{ seq, name, record }`. */
  phaseCount: number;
  phaseBatches: string[];
  /** The orders given for the current phase, by power, each power's list as JSON. */
  orders: { power: string; json: string }[];
  /** How many messages; the messages as JSON arrays of `{ id, phase, sender, recipients, text, time }`. */
  messageCount: number;
  messageBatches: string[];
}

/**
 * Characters of JSON per batch: one statement each, a few milliseconds of PGlite's time (which other requests wait
 * for: insert-game.ts), yet a 4 MiB import is only about 260 statements.
 */
const BATCH = 16 * 1024;

/** JSON arrays of the items, each array about BATCH characters. */
function batches(items: readonly unknown[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  for (const item of items) {
    const json = JSON.stringify(item);
    batch.push(json);
    size += json.length + 1;
    if (size >= BATCH) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}

export function gameRows(game: Game): GameRows {
  const powers = [...new Set(game.orders.map((o) => o.power))];
  const messages = game.messages ?? [];
  return {
    map: game.map,
    options: JSON.stringify(game.options),
    status: game.status,
    winner: game.winner ?? null,
    phase: currentPhase(game),
    positionPhase: game.position.phase,
    position: JSON.stringify(game.position),
    phaseCount: game.history.length,
    phaseBatches: batches(game.history.map((record, seq) => ({ seq, name: record.name, record }))),
    orders: powers.map((power) => ({
      power,
      json: JSON.stringify(game.orders.filter((o) => o.power === power)),
    })),
    messageCount: messages.length,
    messageBatches: batches(
      messages.map((m, i) => ({
        id: i + 1,
        phase: m.phase,
        sender: m.sender,
        recipients: m.to === ALL ? null : typeof m.to === 'string' ? [m.to] : m.to,
        text: m.text,
        time: m.time,
      })),
    ),
  };
}
