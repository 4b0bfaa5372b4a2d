/**
 * Who calls: tokens checked against the hashes of a game (admin and powers), and joining a game as a power.
 */
import { lookupPower, type Game, type GameOptions } from 'dipkit';
import { randomInt } from 'node:crypto';
import { type Db } from './db.js';
import { Problem } from './problems.js';
import { hashToken, matchToken, newToken } from './tokens.js';
import { mapOf, notFound, addEvent, states, remember } from './rows.js';

export interface Caller {
  /** The power the token belongs to, or undefined for the admin token. */
  power: string | undefined;
  seq: number;
  phase: string;
  status: Game['status'];
  map: string;
  options: GameOptions;
  /** The phase as this instance last saw it, not read now (see `authenticate`). */
  recent: boolean;
}

/**
 * What never changes once written, kept per game by each instance: the map, the options, the admin token's hash
 * and the hash of each power's token (a power joins once).
 */
interface GameKeys {
  map: string;
  options: GameOptions;
  hashes: string[];
  powers: (string | undefined)[];
}
const keys = new Map<string, GameKeys>();
function tokenProblem(id: string, token: string | undefined): Problem {
  return token === undefined
    ? new Problem(401, 'missing-token', 'this needs a token: send "Authorization: Bearer TOKEN"')
    : new Problem(401, 'bad-token', `the token is not one of game "${id}"`);
}

/**
 * Who `token` is in game `id`: one of its powers, or its admin. With `recent`, a token this instance knows is
 * accepted without reading the database, and the phase is the one last seen: for callers that check the phase
 * themselves as they write (order submission).
 */
export async function authenticate(
  db: Db,
  id: string,
  token: string | undefined,
  recent = false,
): Promise<Caller> {
  const known = keys.get(id);
  const state = states.get(id);
  if (recent && known && state && token) {
    const found = matchToken(token, known.hashes);
    if (found >= 0) {
      const { seq, phase, status } = state;
      return {
        power: known.powers[found],
        seq,
        phase,
        status,
        map: known.map,
        options: known.options,
        recent,
      };
    }
  }
  const r = await db.query<{
    seq: number;
    phase: string;
    status: Game['status'];
    map: string;
    options: GameOptions;
    admin_hash: string;
    players: { power: string; hash: string }[];
  }>(
    `SELECT g.seq, g.phase, g.status, g.map, g.options, g.admin_hash,
            coalesce((SELECT json_agg(json_build_object('power', p.power, 'hash', p.token_hash))
                      FROM players p WHERE p.game_id = g.id), '[]'::json) AS players
     FROM games g WHERE g.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound(id);
  const game: GameKeys = {
    map: row.map,
    options: row.options,
    hashes: [row.admin_hash, ...row.players.map((p) => p.hash)],
    powers: [undefined, ...row.players.map((p) => p.power)],
  };
  remember(keys, id, game);
  const found = token === undefined || token === '' ? -1 : matchToken(token, game.hashes);
  if (found < 0) throw tokenProblem(id, token);
  const { seq, phase, status, map, options } = row;
  return { power: game.powers[found], seq, phase, status, map, options, recent: false };
}

/** The caller's power; the admin token has none and may not order or read orders. */
export function callerPower(caller: Caller): string {
  if (caller.power === undefined) {
    throw new Problem(
      403,
      'admin-cannot-order',
      "the admin token cannot read or submit a power's orders; join as a power",
    );
  }
  return caller.power;
}

/** Why a power could not be seated at a game. */
export type SeatRefusal = 'game-over' | 'taken' | 'full' | 'unknown-power';

/**
 * Seats a player at game `id` in one transaction (the game row locked): `wanted` (a power name) when given and
 * open, otherwise a random open power; its `players` row gets `tokenHashOf(power)` and a `joined` event (with
 * `event`'s fields). HTTP joins and DAIDE seats both take their power here.
 */
export async function takePower(
  db: Db,
  id: string,
  wanted: string | undefined,
  tokenHashOf: (power: string) => string,
  event: Record<string, unknown> = {},
): Promise<
  { power: string } | { refused: SeatRefusal; status: string; powers: readonly string[]; power?: string }
> {
  return db.transaction(async (tx) => {
    const g = await tx.query<{ map: string; status: string }>(
      'SELECT map, status FROM games WHERE id = $1 FOR UPDATE',
      [id],
    );
    const game = g.rows[0];
    if (!game) throw notFound(id);
    const map = mapOf(game.map);
    const refuse = (refused: SeatRefusal) => ({ refused, status: game.status, powers: map.powers });
    if (game.status !== 'active') return refuse('game-over');
    const taken = new Set(
      (await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1', [id])).rows.map(
        (r) => r.power,
      ),
    );
    let power: string | undefined;
    if (wanted !== undefined) {
      power = map.powers[lookupPower(map, wanted)];
      if (power === undefined) return refuse('unknown-power');
      if (taken.has(power)) return { ...refuse('taken'), power };
    } else {
      const open = map.powers.filter((p) => !taken.has(p));
      power = open[randomInt(open.length || 1)];
      if (power === undefined) return refuse('full');
    }
    await tx.query('INSERT INTO players (game_id, power, token_hash) VALUES ($1, $2, $3)', [
      id,
      power,
      tokenHashOf(power),
    ]);
    await addEvent(tx, id, 'joined', { power, ...event });
    return { power };
  });
}

export async function joinGame(
  db: Db,
  id: string,
  wanted: string | undefined,
): Promise<{ power: string; token: string }> {
  const token = newToken();
  const seat = await takePower(db, id, wanted, () => hashToken(token));
  if (!('refused' in seat)) return { power: seat.power, token };
  switch (seat.refused) {
    case 'game-over':
      throw new Problem(409, 'game-over', `the game is over (${seat.status})`);
    case 'unknown-power':
      throw new Problem(422, 'unknown-power', `unknown power "${wanted}"; powers: ${seat.powers.join(', ')}`);
    case 'taken':
      throw new Problem(409, 'power-taken', `${seat.power} has already joined game "${id}"`);
    case 'full':
      throw new Problem(409, 'game-full', `every power of game "${id}" has joined`);
  }
}
