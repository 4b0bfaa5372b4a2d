/**
 * Games in the database: every operation a route performs, as SQL over `Db` plus the core's game functions. The
 * game logic is the core's (newGame, submitOrders, processPhase, legalOrders, the game file formats); this module
 * only decides what is read and written, in which transaction, under which lock.
 *
 * Locking: the `games` row orders everything that changes a game. Processing holds it FOR UPDATE for the whole
 * transaction that reads the orders, adjudicates, writes the phase record and the new phase; an order submission
 * inserts under FOR SHARE on the same row, checking the phase it was validated against. So an order is either in
 * before processing starts (and adjudicated) or refused (wrong-phase), never lost; and a crash leaves the old phase
 * with its orders or the new one with its record.
 */
import {
  adjustmentsDue,
  centerCounts,
  currentPhase,
  formatOrder,
  gameFromJson,
  gameToJson,
  gameToMila,
  legalOrders,
  lookupPower,
  looksLikeMila,
  mapNamed,
  newGame,
  processPhase,
  readMilaJson,
  resolveRules,
  describeRules,
  retreatOptions,
  submitOrders,
  type Game,
  type GameMap,
  type GameOptions,
  type Order,
  type PhaseRecord,
  type Position,
  type SubmittedOrder,
} from 'dipkit';
import { EVENTS_CHANNEL, type Db, type Queryable } from './db.js';
import { Problem, type ProblemIssue } from './problems.js';
import { hashToken, matchToken, newGameId, newToken } from './tokens.js';

export interface Deadlines {
  movement?: number;
  retreat?: number;
  adjustment?: number;
}

/** What the server adds to a game: when phases are processed. */
export interface Settings {
  processWhenReady: boolean;
  deadlines: Deadlines | null;
}

interface GameRow {
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

const GAME_COLUMNS = 'id, map, options, settings, status, winner, seq, phase, position, deadline';

function mapOf(name: string): GameMap {
  const map = mapNamed(name);
  if (!map) throw new Problem(500, 'unknown-map', `the game's map "${name}" is not known to this server`);
  return map;
}

function notFound(id: string): Problem {
  return new Problem(404, 'no-such-game', `there is no game "${id}"`);
}

/** Seconds the phase of `position` may last under `settings`, or null. */
function phaseSeconds(settings: Settings, position: Position): number | null {
  return settings.deadlines?.[position.phase.type] ?? null;
}

/** Appends an event to the game's stream (the caller holds the game row lock, which keeps the numbers in order). */
async function addEvent(tx: Queryable, id: string, kind: string, data: object): Promise<void> {
  await tx.query(
    `WITH s AS (UPDATE games SET event_seq = event_seq + 1 WHERE id = $1 RETURNING event_seq)
     INSERT INTO events (game_id, seq, kind, data) SELECT $1, event_seq, $2, $3::jsonb FROM s`,
    [id, kind, JSON.stringify(data)],
  );
  await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, id]);
}

// ---------------------------------------------------------------------------------------------------------------
// Creating and importing

export interface CreateInput {
  map?: string;
  rules?: string;
  rule?: string[];
  victoryCenters?: number;
  maxYear?: number;
  processWhenReady?: boolean;
  deadlines?: Deadlines | null;
}

function settingsOf(input: { processWhenReady?: boolean; deadlines?: Deadlines | null }): Settings {
  const d = input.deadlines;
  return {
    processWhenReady: input.processWhenReady ?? true,
    deadlines: d === undefined || d === null || Object.keys(d).length === 0 ? null : d,
  };
}

export async function createGame(db: Db, input: CreateInput): Promise<{ id: string; adminToken: string }> {
  const map = mapOf(input.map ?? 'standard');
  const rules = resolveRules(input.rules ?? 'datc', input.rule ?? []);
  if (!rules.value)
    throw new Problem(422, 'bad-rules', rules.issues.map((i) => i.message).join('; '), rules.issues);
  const options: Partial<GameOptions> = { rules: describeRules(rules.value) };
  if (input.victoryCenters !== undefined) options.victoryCenters = input.victoryCenters;
  if (input.maxYear !== undefined) options.maxYear = input.maxYear;
  return insertGame(db, newGame(map, options), settingsOf(input));
}

export async function importGame(
  db: Db,
  input: { game: object; processWhenReady?: boolean; deadlines?: Deadlines | null },
): Promise<{ id: string; adminToken: string }> {
  const read = looksLikeMila(input.game)
    ? readMilaJson(JSON.stringify(input.game))
    : gameFromJson(input.game);
  if (!read.value) {
    throw new Problem(422, 'bad-game', read.issues.map((i) => i.message).join('; '), read.issues);
  }
  return insertGame(db, read.value, settingsOf(input));
}

async function insertGame(
  db: Db,
  game: Game,
  settings: Settings,
): Promise<{ id: string; adminToken: string }> {
  const id = newGameId();
  const adminToken = newToken();
  const seconds = game.status === 'active' ? phaseSeconds(settings, game.position) : null;
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO games (id, map, options, settings, admin_hash, status, winner, seq, phase, position, deadline)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb,
               CASE WHEN $11::int IS NULL THEN NULL ELSE now() + make_interval(secs => $11::int) END)`,
      [
        id,
        game.map,
        JSON.stringify(game.options),
        JSON.stringify(settings),
        hashToken(adminToken),
        game.status,
        game.winner ?? null,
        game.history.length,
        currentPhase(game),
        JSON.stringify(game.position),
        seconds,
      ],
    );
    for (const [seq, record] of game.history.entries()) {
      await tx.query(
        'INSERT INTO phases (game_id, seq, name, record, processed_by) VALUES ($1, $2, $3, $4::jsonb, $5)',
        [id, seq, record.name, JSON.stringify(record), 'import'],
      );
    }
    const map = mapOf(game.map);
    for (const power of map.powers) {
      const mine = game.orders.filter((o) => o.power === power);
      if (mine.length === 0 || game.status !== 'active') continue;
      await tx.query('INSERT INTO orders (game_id, power, seq, orders) VALUES ($1, $2, $3, $4::jsonb)', [
        id,
        power,
        game.history.length,
        JSON.stringify(mine),
      ]);
    }
  });
  return { id, adminToken };
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens and joining

export interface Caller {
  /** The power the token belongs to, or undefined for the admin token. */
  power: string | undefined;
  seq: number;
  phase: string;
  status: Game['status'];
  map: string;
  options: GameOptions;
}

/** Who `token` is in game `id`: one of its powers, or its admin. */
export async function authenticate(db: Db, id: string, token: string | undefined): Promise<Caller> {
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
  if (token === undefined) {
    throw new Problem(401, 'missing-token', 'this needs a token: send "Authorization: Bearer TOKEN"');
  }
  const found = token === '' ? -1 : matchToken(token, [row.admin_hash, ...row.players.map((p) => p.hash)]);
  if (found < 0) throw new Problem(401, 'bad-token', `the token is not one of game "${id}"`);
  const { seq, phase, status, map, options } = row;
  return { power: found === 0 ? undefined : row.players[found - 1]?.power, seq, phase, status, map, options };
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

export async function joinGame(
  db: Db,
  id: string,
  wanted: string | undefined,
): Promise<{ power: string; token: string }> {
  const token = newToken();
  return db.transaction(async (tx) => {
    const g = await tx.query<{ map: string; status: string }>(
      'SELECT map, status FROM games WHERE id = $1 FOR UPDATE',
      [id],
    );
    const game = g.rows[0];
    if (!game) throw notFound(id);
    if (game.status !== 'active') throw new Problem(409, 'game-over', `the game is over (${game.status})`);
    const map = mapOf(game.map);
    const taken = new Set(
      (await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1', [id])).rows.map(
        (r) => r.power,
      ),
    );
    let power: string | undefined;
    if (wanted !== undefined) {
      power = map.powers[lookupPower(map, wanted)];
      if (power === undefined) {
        throw new Problem(
          422,
          'unknown-power',
          `unknown power "${wanted}"; powers: ${map.powers.join(', ')}`,
        );
      }
      if (taken.has(power)) throw new Problem(409, 'power-taken', `${power} has already joined game "${id}"`);
    } else {
      const open = map.powers.filter((p) => !taken.has(p));
      power = open[Math.floor(Math.random() * open.length)];
      if (power === undefined) throw new Problem(409, 'game-full', `every power of game "${id}" has joined`);
    }
    await tx.query('INSERT INTO players (game_id, power, token_hash) VALUES ($1, $2, $3)', [
      id,
      power,
      hashToken(token),
    ]);
    await addEvent(tx, id, 'joined', { power });
    return { power, token };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** Positions by game, for the phase (`seq`) they belong to: a phase's position never changes, so any instance may keep it. */
const positions = new Map<string, { seq: number; position: Position }>();

async function positionOf(db: Queryable, id: string, seq: number): Promise<Position> {
  const cached = positions.get(id);
  if (cached?.seq === seq) return cached.position;
  const r = await db.query<{ seq: number; position: Position }>(
    'SELECT seq, position FROM games WHERE id = $1',
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound(id);
  if (positions.size >= 10_000) positions.clear();
  positions.set(id, { seq: row.seq, position: row.position });
  return row.position;
}

/** The powers with something to order in `position`'s phase. */
function powersToOrder(map: GameMap, position: Position): Set<string> {
  switch (position.phase.type) {
    case 'movement':
      return new Set(position.units.map((u) => u.power));
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

export interface GameSummary {
  id: string;
  map: string;
  phase: string;
  status: string;
  deadline: string | null;
  openPowers: string[];
  createdAt: string;
}

export async function listGames(
  db: Db,
  filter: { status?: string; open?: boolean; limit: number },
): Promise<GameSummary[]> {
  const r = await db.query<{
    id: string;
    map: string;
    phase: string;
    status: string;
    deadline: Date | null;
    created_at: Date;
    joined: string[] | null;
  }>(
    `SELECT g.id, g.map, g.phase, g.status, g.deadline, g.created_at,
            (SELECT json_agg(p.power) FROM players p WHERE p.game_id = g.id) AS joined
     FROM games g WHERE ($1::text IS NULL OR g.status = $1)
     ORDER BY g.created_at DESC, g.id LIMIT $2`,
    [filter.status ?? null, filter.open === true ? 500 : filter.limit],
  );
  const games = r.rows.map((g) => {
    const map = mapNamed(g.map);
    const joined = new Set(g.joined ?? []);
    return {
      id: g.id,
      map: g.map,
      phase: g.phase,
      status: g.status,
      deadline: g.deadline?.toISOString() ?? null,
      openPowers: g.status === 'active' ? (map?.powers ?? []).filter((p) => !joined.has(p)) : [],
      createdAt: g.created_at.toISOString(),
    };
  });
  return filter.open === true ? games.filter((g) => g.openPowers.length > 0).slice(0, filter.limit) : games;
}

/** A processed phase as the dipkit game file writes it. */
function historyJson(game: Game): unknown[] {
  return (gameToJson(game)['history'] as unknown[] | undefined) ?? [];
}

async function historyOf(db: Queryable, id: string, seq: number): Promise<PhaseRecord[]> {
  const r = await db.query<{ record: PhaseRecord }>(
    'SELECT record FROM phases WHERE game_id = $1 AND seq < $2 ORDER BY seq',
    [id, seq],
  );
  return r.rows.map((x) => x.record);
}

async function gameRow(db: Queryable, id: string): Promise<GameRow> {
  const r = await db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1`, [id]);
  const row = r.rows[0];
  if (!row) throw notFound(id);
  return row;
}

function gameOf(row: GameRow, history: PhaseRecord[], orders: SubmittedOrder[]): Game {
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

/** The public view of a game: everything but the orders of the current phase. */
export async function readGame(db: Db, id: string, withHistory: boolean): Promise<Record<string, unknown>> {
  const row = await gameRow(db, id);
  const players = await db.query<{ power: string; ready: boolean }>(
    'SELECT power, ready FROM players WHERE game_id = $1',
    [id],
  );
  const map = mapOf(row.map);
  const { position } = row;
  const must = row.status === 'active' ? powersToOrder(map, position) : new Set<string>();
  const view: Record<string, unknown> = {
    id: row.id,
    map: row.map,
    phase: row.phase,
    status: row.status,
  };
  if (row.winner !== null) view['winner'] = row.winner;
  view['rules'] = row.options.rules ?? [];
  view['victoryCenters'] = row.options.victoryCenters;
  if (row.options.maxYear !== undefined) view['maxYear'] = row.options.maxYear;
  view['processWhenReady'] = row.settings.processWhenReady;
  view['deadlines'] = row.settings.deadlines;
  view['deadline'] = row.deadline?.toISOString() ?? null;
  view['position'] = {
    units: position.units,
    dislodged: position.dislodged,
    contested: position.contested,
    supplyCenters: position.supplyCenters,
  };
  view['centers'] = centerCounts(map, position.supplyCenters);
  if (position.phase.type === 'retreat') {
    view['retreats'] = retreatOptions(map, position).map((r) => ({
      power: r.unit.power,
      unit: `${r.unit.type} ${r.unit.location}`,
      retreats: r.retreats,
    }));
  }
  if (position.phase.type === 'adjustment') {
    view['adjustments'] = adjustmentsDue(map, position)
      .filter((a) => a.change !== 0)
      .map((a) => ({ power: a.power, change: a.change, buildSites: a.buildSites }));
  }
  const byPower = new Map(players.rows.map((p) => [p.power, p.ready]));
  view['powers'] = map.powers.map((power) => ({
    power,
    joined: byPower.has(power),
    ready: byPower.get(power) === true,
    mustOrder: must.has(power),
  }));
  if (withHistory) view['history'] = historyJson(gameOf(row, await historyOf(db, id, row.seq), []));
  return view;
}

export async function legalFor(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ power: string; phase: string; orders: Record<string, string[]> }> {
  const power = callerPower(caller);
  const orders: Record<string, string[]> = {};
  if (caller.status === 'active') {
    const map = mapOf(caller.map);
    const position = await positionOf(db, id, caller.seq);
    const rules = resolveRules('datc', caller.options.rules ?? []).value;
    for (const o of legalOrders(map, position, rules === undefined ? { power } : { power, rules })) {
      const unit = o.unit === '' ? 'WAIVE' : o.unit;
      (orders[unit] ??= []).push(o.text);
    }
  }
  return { power, phase: caller.phase, orders };
}

export async function ordersFor(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ power: string; phase: string; orders: string[]; ready: boolean }> {
  const power = callerPower(caller);
  const r = await db.query<{ orders: SubmittedOrder[] | null; ready: boolean }>(
    `SELECT (SELECT o.orders FROM orders o WHERE o.game_id = $1 AND o.power = $2 AND o.seq = $3) AS orders,
            p.ready FROM players p WHERE p.game_id = $1 AND p.power = $2`,
    [id, power, caller.seq],
  );
  const row = r.rows[0];
  return {
    power,
    phase: caller.phase,
    orders: (row?.orders ?? []).map((o) => o.text),
    ready: row?.ready === true,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Orders and readiness

/** A structured order as the API takes it (the core's Order, checked by the request schema). */
export type OrderInput = string | Order;

/** Orders as lines of text: strings as given, structured orders written out by the core's formatter. */
function orderLines(map: GameMap, items: readonly OrderInput[]): string {
  return items
    .map((o, i) => {
      if (typeof o === 'string') return o;
      try {
        return formatOrder(map, o);
      } catch {
        throw new Problem(422, 'orders-rejected', `order ${i + 1} is not a complete order`, [
          {
            code: 'bad-order',
            message: 'the structured order is missing a part its kind needs',
            line: i + 1,
          },
        ]);
      }
    })
    .join('\n');
}

function rejected(issues: readonly ProblemIssue[]): Problem {
  const only = issues.length === 1 ? issues[0] : undefined;
  if (only && (only.code === 'wrong-phase' || only.code === 'game-over')) {
    return new Problem(409, only.code, only.message);
  }
  const list = issues.map((i) => {
    const out: ProblemIssue = { code: i.code, message: i.message };
    if (i.line !== undefined) out.line = i.line;
    if (i.column !== undefined) out.column = i.column;
    return out;
  });
  return new Problem(
    422,
    'orders-rejected',
    `${list.length} order${list.length === 1 ? '' : 's'} rejected; nothing was changed`,
    list,
  );
}

export async function submitFor(
  db: Db,
  caller: Caller,
  id: string,
  items: readonly OrderInput[],
  phase: string | undefined,
): Promise<{ power: string; phase: string; orders: string[]; ready: boolean }> {
  const power = callerPower(caller);
  const map = mapOf(caller.map);
  const text = orderLines(map, items);
  let { seq, status } = caller;
  let current = caller.phase;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (status !== 'active')
      throw new Problem(409, 'game-over', `the game is over (${status}); no more orders are taken`);
    const position = await positionOf(db, id, seq);
    const game: Game = {
      map: caller.map,
      options: caller.options,
      position,
      orders: [],
      history: [],
      status,
    };
    const result = submitOrders(map, game, power, text, phase === undefined ? {} : { phase });
    if (!result.value) throw rejected(result.issues);
    const orders = result.value.orders;
    // Inserted only while the game is still in the phase the orders were checked against (see the module header).
    const r = await db.query<{ ready: boolean }>(
      `WITH g AS (SELECT id, seq FROM games WHERE id = $1 AND seq = $3 AND status = 'active' FOR SHARE),
       o AS (INSERT INTO orders (game_id, power, seq, orders, updated_at)
             SELECT g.id, $2, g.seq, $4::jsonb, now() FROM g
             ON CONFLICT (game_id, power) DO UPDATE
               SET seq = EXCLUDED.seq, orders = EXCLUDED.orders, updated_at = EXCLUDED.updated_at
             RETURNING 1)
       SELECT p.ready FROM players p, o WHERE p.game_id = $1 AND p.power = $2`,
      [id, power, seq, JSON.stringify(orders)],
    );
    const row = r.rows[0];
    if (row) return { power, phase: current, orders: orders.map((o) => o.text), ready: row.ready };
    // The phase moved on meanwhile: check again against the new one (or refuse, when the caller named a phase).
    const now = await gameRow(db, id);
    seq = now.seq;
    status = now.status;
    current = now.phase;
  }
  throw new Problem(
    409,
    'wrong-phase',
    `the phase changed while the orders were submitted; it is now ${current}`,
  );
}

export async function setReady(
  db: Db,
  caller: Caller,
  id: string,
  ready: boolean,
  phase: string | undefined,
  instance: string,
): Promise<{ power: string; phase: string; ready: boolean; processed: boolean; currentPhase: string }> {
  const power = callerPower(caller);
  return db.transaction(async (tx) => {
    const row = (await tx.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1 FOR UPDATE`, [id]))
      .rows[0];
    if (!row) throw notFound(id);
    if (row.status !== 'active') throw new Problem(409, 'game-over', `the game is over (${row.status})`);
    if (phase !== undefined && phase !== row.phase) {
      throw new Problem(
        409,
        'wrong-phase',
        `the request is for ${phase} but the current phase is ${row.phase}`,
      );
    }
    await tx.query('UPDATE players SET ready = $3 WHERE game_id = $1 AND power = $2', [id, power, ready]);
    await addEvent(tx, id, 'ready', { power, ready, phase: row.phase });
    let processed = false;
    let now = row.phase;
    if (ready && row.settings.processWhenReady) {
      const map = mapOf(row.map);
      const readyPowers = new Set(
        (
          await tx.query<{ power: string }>('SELECT power FROM players WHERE game_id = $1 AND ready', [id])
        ).rows.map((r) => r.power),
      );
      if ([...powersToOrder(map, row.position)].every((p) => readyPowers.has(p))) {
        now = await processLocked(tx, row, instance);
        processed = true;
      }
    }
    return { power, phase: row.phase, ready, processed, currentPhase: now };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Processing

/**
 * Adjudicates the current phase of `row`, whose lock the caller holds, and writes the record and the next phase
 * in the caller's transaction. Returns the new phase name.
 */
async function processLocked(tx: Queryable, row: GameRow, instance: string): Promise<string> {
  const map = mapOf(row.map);
  const given = await tx.query<{ power: string; orders: SubmittedOrder[] }>(
    'SELECT power, orders FROM orders WHERE game_id = $1 AND seq = $2',
    [row.id, row.seq],
  );
  const byPower = new Map(given.rows.map((r) => [r.power, r.orders]));
  const orders = map.powers.flatMap((p) => byPower.get(p) ?? []);
  const result = processPhase(map, gameOf(row, [], orders));
  if (!result.value)
    throw new Error(`game ${row.id} ${row.phase}: ${result.issues.map((i) => i.message).join('; ')}`);
  const next = result.value;
  const record = next.history[0];
  if (!record) throw new Error(`game ${row.id}: processing gave no record`);
  const seconds = next.status === 'active' ? phaseSeconds(row.settings, next.position) : null;
  await tx.query(
    'INSERT INTO phases (game_id, seq, name, record, processed_by) VALUES ($1, $2, $3, $4::jsonb, $5)',
    [row.id, row.seq, record.name, JSON.stringify(record), instance],
  );
  const phase = currentPhase(next);
  await tx.query(
    `UPDATE games SET seq = seq + 1, phase = $2, position = $3::jsonb, status = $4, winner = $5,
       deadline = CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(secs => $6::int) END,
       updated_at = now()
     WHERE id = $1`,
    [row.id, phase, JSON.stringify(next.position), next.status, next.winner ?? null, seconds],
  );
  await tx.query('DELETE FROM orders WHERE game_id = $1', [row.id]);
  await tx.query('UPDATE players SET ready = false WHERE game_id = $1 AND ready', [row.id]);
  await addEvent(tx, row.id, 'phase', { processed: record.name, phase, status: next.status });
  if (next.status !== 'active') {
    await addEvent(tx, row.id, 'gameover', {
      status: next.status,
      ...(next.winner === undefined ? {} : { winner: next.winner }),
    });
  }
  return phase;
}

/** The admin's "process now": waits for the lock, then processes (unless the phase has moved past `phase`). */
export async function processNow(
  db: Db,
  id: string,
  phase: string | undefined,
  instance: string,
): Promise<{ processed: string; phase: string; status: string }> {
  return db.transaction(async (tx) => {
    const row = (await tx.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1 FOR UPDATE`, [id]))
      .rows[0];
    if (!row) throw notFound(id);
    if (row.status !== 'active') throw new Problem(409, 'game-over', `the game is over (${row.status})`);
    if (phase !== undefined && phase !== row.phase) {
      throw new Problem(
        409,
        'wrong-phase',
        `the request is for ${phase} but the current phase is ${row.phase}`,
      );
    }
    const now = await processLocked(tx, row, instance);
    const status = (await tx.query<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))
      .rows[0]?.status;
    return { processed: row.phase, phase: now, status: status ?? 'active' };
  });
}

/**
 * Processes games whose deadline has passed, one transaction each, skipping games another instance (or a ready
 * request) holds: whoever locks the row first processes the phase, and the other finds the deadline moved on.
 * Returns how many phases were processed (at most `limit`).
 */
export async function processDue(db: Db, instance: string, limit = 50): Promise<number> {
  let count = 0;
  while (count < limit) {
    const done = await db.transaction(async (tx) => {
      const due = await tx.query<GameRow>(
        `SELECT ${GAME_COLUMNS} FROM games WHERE status = 'active' AND deadline <= now()
         ORDER BY deadline LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = due.rows[0];
      if (!row) return false;
      await processLocked(tx, row, instance);
      return true;
    });
    if (!done) break;
    count++;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------------------------
// Export and events

export async function exportGame(
  db: Db,
  id: string,
  format: 'mila' | 'dipkit',
): Promise<Record<string, unknown>> {
  const row = await gameRow(db, id);
  // The current phase's orders stay secret until the phase is adjudicated.
  const game = gameOf(row, await historyOf(db, id, row.seq), []);
  return format === 'dipkit' ? gameToJson(game) : gameToMila(mapOf(row.map), game);
}

export interface GameEvent {
  seq: number;
  kind: string;
  data: unknown;
}

export async function eventsAfter(db: Db, id: string, after: number): Promise<GameEvent[]> {
  const r = await db.query<GameEvent>(
    'SELECT seq, kind, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT 1000',
    [id, after],
  );
  return r.rows;
}

/** The number of the game's latest event (streams without Last-Event-ID start after it). */
export async function lastEvent(db: Db, id: string): Promise<number> {
  const r = await db.query<{ event_seq: number }>('SELECT event_seq FROM games WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw notFound(id);
  return row.event_seq;
}
