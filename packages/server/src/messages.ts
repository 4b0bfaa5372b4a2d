/**
 * Press: messages between powers. A message is written in one transaction that holds the game's row lock: the
 * phase it belongs to, the press settings, the sender's rate, its number (games.message_seq) and its event are
 * all decided under that lock, so the 201 comes only after the commit (a message acknowledged is kept; one cut
 * off by a crash was never acknowledged) and numbers follow commit order (`?since=` never skips one).
 *
 * Who reads what is the core's rule (mayRead): the sender, the recipients, everyone for a message to all. The
 * admin token and no token read only messages to all. The one exception is a finished game's imported record:
 * its messages came in a file anyone could read, so every message of it is public.
 */
import { ALL, lookupPower, messageTextProblem, readRecipients, type GameMessage } from 'dipkit';
import type { Db, Queryable } from './db.js';
import { Problem } from './problems.js';
import { addEvent, mapOf, notFound, type Press, type Settings } from './rows.js';
import type { Caller } from './access.js';

/** The press settings a game is created with, as POST /api/games and /import take them. */
export interface PressInput {
  press?: Press;
  pressInRetreatsAndAdjustments?: boolean;
}

/** A game's press settings, the defaults filled in (full press, in every phase). */
export function pressOf(settings: Settings): { press: Press; pressInRetreatsAndAdjustments: boolean } {
  return {
    press: settings.press ?? 'full',
    pressInRetreatsAndAdjustments: settings.pressInRetreatsAndAdjustments ?? true,
  };
}

/** The press part of a new game's settings. */
export function pressSettings(input: PressInput): Pick<Settings, 'press' | 'pressInRetreatsAndAdjustments'> {
  return {
    press: input.press ?? 'full',
    pressInRetreatsAndAdjustments: input.pressInRetreatsAndAdjustments ?? true,
  };
}

/** How many messages a power may send per window, across every instance (counted in the database). */
export interface MessageRate {
  count: number;
  seconds: number;
}
export const DEFAULT_MESSAGE_RATE: MessageRate = { count: 30, seconds: 60 };

/** A message as the API shows it. */
export interface MessageView {
  id: number;
  phase: string;
  from: string;
  to: string | string[];
  text: string;
  time: string;
}

interface MessageRow {
  id: number;
  phase: string;
  sender: string;
  recipients: string[] | null;
  text: string;
  time_sent: string;
}

const MESSAGE_COLUMNS = 'm.id, m.phase, m.sender, m.recipients, m.text, m.time_sent::text AS time_sent';

function toOf(recipients: readonly string[] | null): string | string[] {
  if (recipients === null) return ALL;
  return recipients.length === 1 ? (recipients[0] as string) : [...recipients];
}

function viewOf(row: MessageRow): MessageView {
  const micros = Number(row.time_sent);
  return {
    id: row.id,
    phase: row.phase,
    from: row.sender,
    to: toOf(row.recipients),
    text: row.text,
    time: new Date(Math.floor(micros / 1000)).toISOString(),
  };
}

/** A problem with the seconds to wait, sent as Retry-After. */
export class RateLimited extends Problem {
  readonly retryAfter: number;
  constructor(detail: string, retryAfter: number) {
    super(429, 'rate-limited', detail);
    this.retryAfter = retryAfter;
  }
}

function refuse(detail: string): Problem {
  return new Problem(403, 'press-not-allowed', detail);
}

/** POST /api/games/{id}/messages: `caller` sends `text` to `given` in the current phase. */
export async function sendMessage(
  db: Db,
  caller: Caller,
  id: string,
  given: string | string[],
  text: string,
  rate: MessageRate,
): Promise<MessageView> {
  const sender = caller.power;
  if (sender === undefined)
    throw new Problem(
      403,
      'admin-cannot-send',
      'the admin token speaks for no power; join as a power to write',
    );
  const problem = messageTextProblem(text);
  if (problem !== undefined) throw new Problem(422, 'bad-message', problem);
  const read = readRecipients(mapOf(caller.map), sender, given);
  if ('problem' in read) throw new Problem(422, 'bad-recipient', read.problem);
  const recipients = read.to === ALL ? null : typeof read.to === 'string' ? [read.to] : read.to;
  return db.transaction(async (tx) => {
    const g = await tx.query<{ status: string; phase: string; type: string; settings: Settings }>(
      `SELECT status, phase, position->'phase'->>'type' AS type, settings FROM games WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const game = g.rows[0];
    if (!game) throw notFound(id);
    if (game.status !== 'active') throw new Problem(409, 'game-over', `the game is over (${game.status})`);
    const { press, pressInRetreatsAndAdjustments } = pressOf(game.settings);
    if (press === 'none') throw refuse('this game is played without press (gunboat): no messages');
    if (press === 'public' && recipients !== null)
      throw refuse('this game has public press only: messages go to "ALL"');
    if (game.type !== 'movement' && !pressInRetreatsAndAdjustments)
      throw refuse(
        `press is closed during retreat and adjustment phases; it opens again with the next movement`,
      );
    await checkRate(tx, id, sender, rate);
    const r = await tx.query<MessageRow>(
      `WITH s AS (UPDATE games SET message_seq = message_seq + 1 WHERE id = $1 RETURNING message_seq)
       INSERT INTO messages AS m (game_id, id, phase, sender, recipients, text, time_sent)
       SELECT $1, s.message_seq, $2, $3, $4::jsonb, $5,
              (extract(epoch FROM clock_timestamp()) * 1000000)::bigint FROM s
       RETURNING ${MESSAGE_COLUMNS}`,
      [id, game.phase, sender, recipients === null ? null : JSON.stringify(recipients), text],
    );
    const view = viewOf(r.rows[0] as MessageRow);
    await addEvent(tx, id, 'message', view, recipients === null ? undefined : [sender, ...recipients]);
    return view;
  });
}

/** Refuses a message past the sender's rate: `rate.count` messages per `rate.seconds`, whatever the instance. */
async function checkRate(tx: Queryable, id: string, sender: string, rate: MessageRate): Promise<void> {
  const r = await tx.query<{ n: number; wait: number | null }>(
    `SELECT count(*)::int AS n,
            ceil((min(time_sent) + $3::bigint * 1000000 - extract(epoch FROM clock_timestamp()) * 1000000) / 1000000)::int AS wait
     FROM (SELECT time_sent FROM messages
           WHERE game_id = $1 AND sender = $2 AND NOT imported
             AND time_sent > (extract(epoch FROM clock_timestamp()) - $3::bigint) * 1000000
           ORDER BY time_sent DESC LIMIT $4) recent`,
    [id, sender, rate.seconds, rate.count],
  );
  const row = r.rows[0];
  if (row && row.n >= rate.count) {
    const wait = Math.max(1, row.wait ?? rate.seconds);
    throw new RateLimited(
      `${sender} sent ${rate.count} messages in the last ${rate.seconds} s; wait ${wait} s`,
      wait,
    );
  }
}

/**
 * The messages `reader` may read (a power, or undefined: the admin token or no token), oldest first, after
 * `since`; `counterpart`: with a reader, the private messages it exchanged with that power ("ALL": the messages
 * to all); without one, the messages that power wrote or was sent.
 */
export async function listMessages(
  db: Queryable,
  id: string,
  reader: string | undefined,
  options: { since?: number; counterpart?: string; map?: string } = {},
): Promise<MessageView[]> {
  let counterpart: string | undefined;
  if (options.counterpart !== undefined) {
    const map = mapOf(options.map ?? (await mapName(db, id)));
    counterpart =
      options.counterpart.toUpperCase() === ALL ? ALL : map.powers[lookupPower(map, options.counterpart)];
    if (counterpart === undefined) {
      const detail = `unknown power "${options.counterpart}"; powers: ${map.powers.join(', ')}, or "ALL"`;
      throw new Problem(422, 'unknown-power', detail);
    }
  }
  const r = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS}
     FROM games g JOIN messages m ON m.game_id = g.id
     WHERE g.id = $1 AND m.id > $2
       AND (m.recipients IS NULL OR m.sender = $3 OR m.recipients @> jsonb_build_array($3::text)
            OR (m.imported AND g.status <> 'active'))
       AND ($4::text IS NULL
            OR ($4 = 'ALL' AND m.recipients IS NULL)
            OR ($4 <> 'ALL' AND (m.sender = $4 OR m.recipients @> jsonb_build_array($4::text))
                AND ($3::text IS NULL OR m.recipients IS NOT NULL)))
     ORDER BY m.id LIMIT 5000`,
    [id, options.since ?? 0, reader ?? null, counterpart ?? null],
  );
  if (r.rows.length === 0) await mapName(db, id); // 404 for an unknown game
  return r.rows.map(viewOf);
}

async function mapName(db: Queryable, id: string): Promise<string> {
  const r = await db.query<{ map: string }>('SELECT map FROM games WHERE id = $1', [id]);
  const row = r.rows[0];
  if (!row) throw notFound(id);
  return row.map;
}

/** The messages `reader` may read, as the core's game files keep them (for export). */
export async function gameMessages(
  db: Queryable,
  id: string,
  reader: string | undefined,
): Promise<GameMessage[]> {
  const r = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS}
     FROM games g JOIN messages m ON m.game_id = g.id
     WHERE g.id = $1
       AND (m.recipients IS NULL OR m.sender = $2 OR m.recipients @> jsonb_build_array($2::text)
            OR (m.imported AND g.status <> 'active'))
     ORDER BY m.id`,
    [id, reader ?? null],
  );
  return r.rows.map((m) => ({
    phase: m.phase,
    sender: m.sender,
    to: toOf(m.recipients),
    text: m.text,
    time: Number(m.time_sent),
  }));
}
