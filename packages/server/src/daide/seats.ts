/**
 * DAIDE seats in the database. A DAIDE client's power is a `players` row like an HTTP player's, so every rule
 * about joined powers holds for it; its token_hash is `daide:` and the hash of the game, power and HLO passcode,
 * which no HTTP token can match (it is not a hex hash) and which IAM checks to give the seat back.
 */
import { randomInt } from 'node:crypto';
import type { SubmittedOrder } from 'dipkit';
import type { Db, Queryable } from '../db.js';
import { takePower, type Caller, type SeatRefusal } from '../access.js';
import { hashToken } from '../tokens.js';
import { notFound, type GameRow, GAME_COLUMNS } from '../rows.js';

export const SEAT_PREFIX = 'daide:';

function seatHash(id: string, power: string, passcode: number): string {
  return SEAT_PREFIX + hashToken(`${id}:${power}:${passcode}`);
}

/**
 * Takes a seat for a DAIDE client: `wanted` (a power name) when given and open, otherwise a random open power.
 * Returns the power and its passcode, or why not ('game-over', 'taken', 'full', 'unknown-power').
 */
export async function takeSeat(
  db: Db,
  id: string,
  wanted: string | undefined,
): Promise<{ power: string; passcode: number } | { refused: SeatRefusal }> {
  const passcode = randomInt(1, 8192);
  const seat = await takePower(db, id, wanted, (power) => seatHash(id, power, passcode), { daide: true });
  return 'refused' in seat ? { refused: seat.refused } : { power: seat.power, passcode };
}

/** Whether `passcode` is the one HLO gave the DAIDE seat of `power`. */
export async function checkPasscode(
  db: Queryable,
  id: string,
  power: string,
  passcode: number,
): Promise<boolean> {
  const r = await db.query<{ token_hash: string }>(
    'SELECT token_hash FROM players WHERE game_id = $1 AND power = $2',
    [id, power],
  );
  return r.rows[0]?.token_hash === seatHash(id, power, passcode);
}

/** The powers of game `id` seated by DAIDE clients. */
export async function daidePowers(db: Queryable, id: string): Promise<Set<string>> {
  const r = await db.query<{ power: string }>(
    "SELECT power FROM players WHERE game_id = $1 AND token_hash LIKE 'daide:%'",
    [id],
  );
  return new Set(r.rows.map((x) => x.power));
}

/** What a DAIDE session reads of its game at once. */
export interface GameSnapshot {
  row: GameRow;
  joined: Set<string>;
  ready: Set<string>;
}

export async function readSnapshot(db: Queryable, id: string): Promise<GameSnapshot> {
  const r = await db.query<GameRow & { players: { power: string; ready: boolean }[] }>(
    `SELECT ${GAME_COLUMNS},
       coalesce((SELECT json_agg(json_build_object('power', p.power, 'ready', p.ready))
                 FROM players p WHERE p.game_id = g.id), '[]'::json) AS players
     FROM games g WHERE g.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound(id);
  return {
    row,
    joined: new Set(row.players.map((p) => p.power)),
    ready: new Set(row.players.filter((p) => p.ready).map((p) => p.power)),
  };
}

/** The orders `power` has stored for phase `seq`. */
export async function storedOrders(
  db: Queryable,
  id: string,
  power: string,
  seq: number,
): Promise<SubmittedOrder[]> {
  const r = await db.query<{ orders: SubmittedOrder[] }>(
    'SELECT orders FROM orders WHERE game_id = $1 AND power = $2 AND seq = $3',
    [id, power, seq],
  );
  return r.rows[0]?.orders ?? [];
}

/** The caller orders.ts takes, for a DAIDE seat in the game as `row` has it. */
export function seatCaller(row: GameRow, power: string): Caller {
  return {
    power,
    seq: row.seq,
    phase: row.phase,
    status: row.status,
    map: row.map,
    options: row.options,
    recent: false,
  };
}
