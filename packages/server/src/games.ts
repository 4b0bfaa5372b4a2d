/**
 * Games as a whole: creating, importing, listing, reading (the public view), exporting, drawing, and the event
 * rows server-sent events stream.
 */
import {
  adjustmentsDue,
  centerCounts,
  gameToJson,
  gameToMila,
  newGame,
  resolveRules,
  describeRules,
  renderSvg,
  phaseMarks,
  retreatOptions,
  type GameOptions,
  type PhaseRecord,
} from 'dipkit';
import { type Db } from './db.js';
import type { ImportCheck } from './import-check.js';
import { gameRows } from './game-rows.js';
import { insertGame } from './insert-game.js';
import { Problem } from './problems.js';
import { gameMessages, pressOf, pressSettings, type PressInput } from './messages.js';
import {
  type Deadlines,
  type Press,
  type Settings,
  type GameRow,
  GAME_COLUMNS,
  mapOf,
  notFound,
  powersToOrder,
  historyJson,
  historyOf,
  gameRow,
  gameOf,
} from './rows.js';
import { deadlinesOf, defaultMaxYear } from './defaults.js';
import { controlsView } from './admin.js';

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
  daide?: boolean;
  press?: Press;
  pressInRetreatsAndAdjustments?: boolean;
  /** Start with the powers nobody joins in civil disorder (never waited for). */
  civilDisorder?: boolean;
  /** Powers that give no orders are played by the bot at processing. */
  civilDisorderBot?: boolean;
}

function settingsOf(
  input: {
    processWhenReady?: boolean;
    deadlines?: Deadlines | null;
    daide?: boolean;
    civilDisorder?: boolean;
    civilDisorderBot?: boolean;
  } & PressInput,
): Settings {
  const settings: Settings = {
    processWhenReady: input.processWhenReady ?? true,
    deadlines: deadlinesOf(input.deadlines),
    ...pressSettings(input),
    ...(input.civilDisorderBot === true ? { civilDisorderBot: true } : {}),
  };
  if (input.civilDisorder === true) settings.civilDisorder = true;
  if (input.daide === true) settings.daide = true;
  return settings;
}

export async function createGame(db: Db, input: CreateInput): Promise<{ id: string; adminToken: string }> {
  const map = mapOf(input.map ?? 'standard');
  const rules = resolveRules(input.rules ?? 'datc', input.rule ?? []);
  if (!rules.value)
    throw new Problem(422, 'bad-rules', rules.issues.map((i) => i.message).join('; '), rules.issues);
  const options: Partial<GameOptions> = { rules: describeRules(rules.value) };
  if (input.victoryCenters !== undefined) {
    if (input.victoryCenters > map.supplyCenterCount) {
      const message = `victoryCenters ${input.victoryCenters} exceeds the ${map.supplyCenterCount} supply centres of ${map.name}`;
      throw new Problem(422, 'bad-victory-centers', message);
    }
    options.victoryCenters = input.victoryCenters;
  }
  if (input.maxYear !== undefined) {
    if (input.maxYear < map.startYear)
      throw new Problem(
        422,
        'bad-max-year',
        `maxYear ${input.maxYear} is before ${map.name}'s first year, ${map.startYear}`,
      );
  }
  options.maxYear = input.maxYear ?? defaultMaxYear(map);
  return insertGame(db, gameRows(newGame(map, options)), {
    ...settingsOf(input),
    preset: input.rules ?? 'datc',
  });
}

export type ImportInput = {
  processWhenReady?: boolean;
  deadlines?: Deadlines | null;
  finished?: boolean;
  civilDisorderBot?: boolean;
} & PressInput;

/**
 * Stores an imported game, read and replayed in the worker thread (import-route.ts, import-check.ts): `checked`
 * holds its rows, or the problem that refuses it.
 */
export async function importGame(
  db: Db,
  input: ImportInput,
  checked: ImportCheck,
): Promise<{ id: string; adminToken: string }> {
  if (!checked.ok) throw new Problem(checked.status, checked.code, checked.detail, checked.issues);
  // A record that stops without saying how the game ended (a dataset's game) is imported as over: a draw.
  const rows =
    input.finished === true && checked.game.status === 'active'
      ? { ...checked.game, status: 'draw' as const }
      : checked.game;
  return insertGame(db, rows, settingsOf(input));
}

/** The public view of a game: everything but the orders of the current phase. */
export async function readGame(db: Db, id: string, withHistory: boolean): Promise<Record<string, unknown>> {
  // One statement: one snapshot of the game, its players and its history.
  const r = await db.query<
    GameRow & { players: { power: string; ready: boolean }[]; history: PhaseRecord[] | null }
  >(
    `SELECT ${GAME_COLUMNS},
       coalesce((SELECT json_agg(json_build_object('power', p.power, 'ready', p.ready))
                 FROM players p WHERE p.game_id = g.id), '[]'::json) AS players,
       CASE WHEN $2 THEN coalesce((SELECT json_agg(h.record ORDER BY h.seq)
                                  FROM phases h WHERE h.game_id = g.id AND h.seq < g.seq), '[]'::json) END AS history
     FROM games g WHERE g.id = $1`,
    [id, withHistory],
  );
  const row = r.rows[0];
  if (!row) throw notFound(id);
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
  view['victoryCenters'] = row.options.victoryCenters ?? map.victoryCenters;
  if (row.options.maxYear !== undefined) view['maxYear'] = row.options.maxYear;
  view['processWhenReady'] = row.settings.processWhenReady;
  Object.assign(view, pressOf(row.settings));
  view['deadlines'] = row.settings.deadlines;
  view['deadline'] = row.deadline?.toISOString() ?? null;
  view['bots'] = row.settings.bots ?? [];
  view['civilDisorderBot'] = row.settings.civilDisorderBot === true;
  Object.assign(view, controlsView(row.settings));
  if (row.settings.daidePort !== undefined && row.status === 'active')
    view['daidePort'] = row.settings.daidePort;
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
  const byPower = new Map(row.players.map((p) => [p.power, p.ready]));
  view['powers'] = map.powers.map((power) => ({
    power,
    joined: byPower.has(power),
    ready: byPower.get(power) === true,
    mustOrder: must.has(power),
    bot: (row.settings.bots ?? []).includes(power),
    civilDisorder: row.settings.civilDisorder === true && !byPower.has(power),
  }));
  if (row.history !== null) view['history'] = historyJson(gameOf(row, row.history, []));
  return view;
}

// ---------------------------------------------------------------------------------------------------------------
// Export, map and events

/**
 * The map of a phase as SVG (the core's renderSvg): a processed phase with its orders and their outcomes, the
 * dislodged units and standoffs its next phase records; the current phase (the default) with no orders, which stay
 * secret until it is adjudicated.
 */
export async function mapSvg(db: Db, id: string, phase: string | undefined): Promise<string> {
  const row = await gameRow(db, id);
  const map = mapOf(row.map);
  if (phase === undefined || phase === row.phase) return renderSvg(map, row.position);
  const history = await historyOf(db, id, row.seq);
  const at = history.findIndex((r) => r.name === phase);
  const record = history[at];
  if (!record) {
    const names = [...history.map((r) => r.name), row.phase];
    throw new Problem(
      404,
      'no-such-phase',
      `game "${id}" has no phase ${phase}; its phases are ${names.join(', ')}`,
    );
  }
  // Every mark of the phase: outcomes, standoffs, dislodgements (the core's phase story).
  const rules = resolveRules('datc', row.options.rules ?? []).value;
  return renderSvg(map, record.position, { result: phaseMarks(map, record, rules) });
}

/** The game as a file; its messages are those `reader` may read (a power, or undefined: the public ones). */
export async function exportGame(
  db: Db,
  id: string,
  format: 'mila' | 'dipkit',
  reader: string | undefined,
): Promise<Record<string, unknown>> {
  const row = await gameRow(db, id);
  // The current phase's orders stay secret until the phase is adjudicated.
  const game = gameOf(row, await historyOf(db, id, row.seq), []);
  const messages = await gameMessages(db, id, reader);
  if (messages.length > 0) game.messages = messages;
  return format === 'dipkit' ? gameToJson(game) : gameToMila(mapOf(row.map), game);
}

export interface GameEvent {
  seq: number;
  kind: string;
  data: unknown;
  /** The powers that may see it (a private message), or null: every stream. */
  readers: string[] | null;
}

export async function eventsAfter(db: Db, id: string, after: number): Promise<GameEvent[]> {
  const r = await db.query<GameEvent>(
    'SELECT seq, kind, data, readers FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT 1000',
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
