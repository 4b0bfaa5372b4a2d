/**
 * The list of games (GET /api/games): newest first, filtered and paged in SQL. A page ends with `next`, the id of
 * its last game; `before=ID` continues after it (a keyset on (created_at, id), so pages neither skip nor repeat
 * games when new ones are created meanwhile). Open games (active, with a power nobody joined) have their own
 * partial index, games_open (migration 2), so finding them reads no full game, however many there are.
 */
import { mapNamed, type GameOptions } from 'dipkit';
import type { Db } from './db.js';
import { Problem } from './problems.js';
import type { Settings } from './rows.js';
import { rulesSummary, type RulesSummary } from './rules-view.js';

export interface GameSummary extends RulesSummary {
  id: string;
  map: string;
  phase: string;
  status: string;
  deadline: string | null;
  openPowers: string[];
  createdAt: string;
  winner?: string;
}

export interface ListFilter {
  status?: string;
  /** Only active games with a power to join. */
  open?: boolean;
  /** The id of the last game of the previous page. */
  before?: string;
  limit: number;
}

export async function listGames(
  db: Db,
  filter: ListFilter,
): Promise<{ games: GameSummary[]; next?: string }> {
  // Only the conditions asked for are in the statement, so the planner sees the open-games index's predicate.
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.status !== undefined) {
    params.push(filter.status);
    where.push(`g.status = $${params.length}`);
  }
  if (filter.open === true) where.push(`g.status = 'active' AND g.open_seats > 0`);
  if (filter.before !== undefined) {
    const cursor = await db.query<{ created_at: Date }>('SELECT created_at FROM games WHERE id = $1', [
      filter.before,
    ]);
    if (cursor.rows.length === 0) {
      throw new Problem(
        400,
        'bad-cursor',
        `before: there is no game "${filter.before}" to list games before`,
      );
    }
    params.push(filter.before);
    where.push(
      `(g.created_at, g.id) < (SELECT c.created_at, c.id FROM games c WHERE c.id = $${params.length})`,
    );
  }
  // One more than asked for: whether there is a next page.
  params.push(filter.limit + 1);
  const r = await db.query<{
    id: string;
    map: string;
    phase: string;
    status: string;
    deadline: Date | null;
    created_at: Date;
    joined: string[] | null;
    options: GameOptions;
    settings: Settings;
    winner: string | null;
  }>(
    `SELECT g.id, g.map, g.phase, g.status, g.deadline, g.created_at, g.options, g.settings, g.winner,
            (SELECT json_agg(p.power) FROM players p WHERE p.game_id = g.id) AS joined
     FROM games g ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY g.created_at DESC, g.id DESC LIMIT $${params.length}`,
    params,
  );
  const rows = r.rows.slice(0, filter.limit);
  const games = rows.map((g) => {
    const joined = new Set(g.joined ?? []);
    return {
      id: g.id,
      map: g.map,
      phase: g.phase,
      status: g.status,
      deadline: g.deadline?.toISOString() ?? null,
      openPowers: g.status === 'active' ? (mapNamed(g.map)?.powers ?? []).filter((p) => !joined.has(p)) : [],
      createdAt: g.created_at.toISOString(),
      ...(g.winner === null ? {} : { winner: g.winner }),
      ...rulesSummary(g.map, g.options, g.settings),
    };
  });
  const last = rows[rows.length - 1];
  return r.rows.length > filter.limit && last ? { games, next: last.id } : { games };
}
