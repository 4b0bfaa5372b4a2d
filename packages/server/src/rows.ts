/**
 * The rows of a game as the other modules read them, and what they share: the game row's columns, the map, the
 * deadline of a phase, events, and the phase each instance last saw of each game.
 *
 * Locking: the `games` row orders everything that changes a game. Processing holds it FOR UPDATE for the whole
 * transaction that reads the orders, adjudicates, writes the phase record and the new phase (processing.ts); an
 * order submission inserts under FOR SHARE on the same row, checking the phase it was validated against
 * (orders.ts). So an order is either in before processing starts (and adjudicated) or refused (wrong-phase), never
 * lost; and a crash leaves the old phase with its orders or the new one with its record. The game logic is the
 * core's (newGame, submitOrders, processPhase, legalOrders, the game file formats); these modules only decide what
 * is read and written, in which transaction, under which lock.
 */
import {
  adjustmentsDue,
  isNeutral,
  gameToJson,
  mapNamed,
  type Game,
  type GameMap,
  type GameOptions,
  type PhaseRecord,
  type Position,
  type SubmittedOrder,
} from 'dipkit';
import { EVENTS_CHANNEL, type Queryable } from './db.js';
import { Problem } from './problems.js';

export interface Deadlines {
  movement?: number;
  retreat?: number;
  adjustment?: number;
}

/** Press: messages to anyone, to all only, or none (gunboat). */
export type Press = 'full' | 'public' | 'none';

/** What the server adds to a game: when phases are processed, and the creator's controls (admin.ts). */
export interface Settings {
  processWhenReady: boolean;
  deadlines: Deadlines | null;
  /** The powers dipkit's bot plays (bots.ts). */
  bots?: string[];
  /** A power that gave no orders is played by the bot when its phase is processed (instead of holding). */
  civilDisorderBot?: boolean;
  /** The rule preset the game was created with ("datc"); absent for imported games. */
  preset?: string;
  /**
   * Powers nobody joined are in civil disorder: processing waits only for the joined powers to be ready. Set at
   * creation when the creator asks for it, and for good once a deadline has passed.
   */
  civilDisorder?: boolean;
  /** Paused by the creator: nothing is processed; the seconds that were left before the deadline. */
  paused?: { remaining: number | null };
  /** A DAIDE game (`"daide": true`): it listens on its own TCP port, `daidePort` once given (daide/hub.ts). */
  daide?: boolean;
  daidePort?: number;
  /** Press (messages.ts; absent in older games: full press in every phase). */
  press?: Press;
  pressInRetreatsAndAdjustments?: boolean;
}

export interface GameRow {
  id: string;
  map: string;
  options: GameOptions;
  settings: Settings;
  status: Game['status'];
  winner: string | null;
  seq: number;
  phase: string;
  position: Position;
  deadline: Date | null;
}

export const GAME_COLUMNS = 'id, map, options, settings, status, winner, seq, phase, position, deadline';

export function mapOf(name: string): GameMap {
  const map = mapNamed(name);
  if (!map) throw new Problem(500, 'unknown-map', `the game's map "${name}" is not known to this server`);
  return map;
}

export function notFound(id: string): Problem {
  return new Problem(404, 'no-such-game', `there is no game "${id}"`);
}

/** Seconds the phase of `position` may last under `settings`, or null. */
export function phaseSeconds(settings: Settings, position: Pick<Position, 'phase'>): number | null {
  return settings.deadlines?.[position.phase.type] ?? null;
}

/**
 * Appends an event to the game's stream (the caller holds the game row lock, which keeps the numbers in order).
 * `readers`: the powers whose streams may see it (a private message); absent, every stream sees it.
 */
export async function addEvent(
  tx: Queryable,
  id: string,
  kind: string,
  data: object,
  readers?: readonly string[],
): Promise<void> {
  await tx.query(
    `WITH s AS (UPDATE games SET event_seq = event_seq + 1 WHERE id = $1 RETURNING event_seq)
     INSERT INTO events (game_id, seq, kind, data, readers) SELECT $1, event_seq, $2, $3::jsonb, $4::jsonb FROM s`,
    [id, kind, JSON.stringify(data), readers === undefined ? null : JSON.stringify(readers)],
  );
  await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, id]);
}

/** A game's phase as this instance last read it: number, name, status and position (which never change together). */
export interface PhaseState {
  seq: number;
  phase: string;
  status: Game['status'];
  position: Position;
}
export const states = new Map<string, PhaseState>();

export function remember<K, V>(cache: Map<K, V>, key: K, value: V): void {
  if (cache.size >= 10_000) cache.clear();
  cache.set(key, value);
}

/** The game's phase `seq`, from what this instance keeps, or read now (then it may be a later phase). */
export async function phaseState(db: Queryable, id: string, seq: number): Promise<PhaseState> {
  const cached = states.get(id);
  if (cached?.seq === seq) return cached;
  const r = await db.query<PhaseState>('SELECT seq, phase, status, position FROM games WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw notFound(id);
  remember(states, id, row);
  return row;
}

/** The powers with something to order in `position`'s phase (never the neutral units: they take no order). */
export function powersToOrder(map: GameMap, position: Position): Set<string> {
  switch (position.phase.type) {
    case 'movement':
      return new Set(position.units.filter((u) => !isNeutral(map, u.power)).map((u) => u.power));
    case 'retreat':
      return new Set(position.dislodged.map((u) => u.power));
    case 'adjustment':
      return new Set(
        adjustmentsDue(map, position)
          .filter((a) => a.change < 0 || (a.change > 0 && a.buildSites.length > 0))
          .map((a) => a.power),
      );
  }
}

/** A processed phase as the dipkit game file writes it. */
export function historyJson(game: Game): unknown[] {
  return (gameToJson(game)['history'] as unknown[] | undefined) ?? [];
}

export async function historyOf(db: Queryable, id: string, seq: number): Promise<PhaseRecord[]> {
  const r = await db.query<{ record: PhaseRecord }>(
    'SELECT record FROM phases WHERE game_id = $1 AND seq < $2 ORDER BY seq',
    [id, seq],
  );
  return r.rows.map((x) => x.record);
}

export async function gameRow(db: Queryable, id: string): Promise<GameRow> {
  const r = await db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1`, [id]);
  const row = r.rows[0];
  if (!row) throw notFound(id);
  return row;
}

export function gameOf(row: GameRow, history: PhaseRecord[], orders: SubmittedOrder[]): Game {
  const game: Game = {
    id: row.id,
    map: row.map,
    options: row.options,
    position: row.position,
    orders,
    history,
    status: row.status,
  };
  if (row.winner !== null) game.winner = row.winner;
  return game;
}
