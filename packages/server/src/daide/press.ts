/**
 * DAIDE press onto the server's messages (messages.ts), both ways. A game with press offers level 8000 (free
 * text, which includes every level from 10 up) in HLO, with NPR and NPB when press is closed in retreats and
 * adjustments; a game without press offers level 0 and SND gets HUH.
 *
 * - `SND [(turn)] (powers) (press)` from a seated client is POST /api/games/{id}/messages for its power, answered
 *   as the Message Syntax says: HUH with ERR where the press stops fitting the grammar of the game's level
 *   (dipkit/daide's pressError); REJ for another turn, a sender among its recipients or out of the game, press
 *   closed in this phase (NPR, NPB) or refused by the game's settings (a private message in a game with public
 *   press only: DAIDE has no word for it, and REJ is its answer to press the game does not allow); CCD or OUT
 *   when a recipient is in civil disorder (a DAIDE seat with no connection) or eliminated, the message then sent
 *   to nobody; YES once stored. A string (`('hello')`) is stored as its text; any other press message
 *   (`PRP (PCE (ENG FRA))`) in its DAIDE text form. Naming every other power is a message to all.
 * - Every message stored afterwards (from HTTP, the web or another DAIDE client) reaches the DAIDE clients whose
 *   power may read it, as `FRM (sender) (recipients) (press)`, never its own sender's, never an observer's: a
 *   private message only its recipients. A text in DAIDE's canonical form goes as those tokens, any other text
 *   as a string (characters outside ASCII as "?").
 */
import { ALL, phaseName, type Position } from 'dipkit';
import {
  encodeMessage,
  FREE_TEXT_LEVEL,
  messageText,
  parseMessageText,
  parseTurn,
  pressError,
  textOf,
  type DaideItem,
  type DaideMessage,
  type MapTokens,
} from 'dipkit/daide';
import type { Db } from '../db.js';
import { Problem } from '../problems.js';
import { DEFAULT_MESSAGE_RATE, pressOf, sendMessage } from '../messages.js';
import type { Settings } from '../rows.js';
import { seatCaller, type GameSnapshot } from './seats.js';

/** The press level HLO offers: 8000 (free text) when the game has press, 0 when it has none. */
export function pressLevel(settings: Settings): number {
  return pressOf(settings).press === 'none' ? 0 : FREE_TEXT_LEVEL;
}

/** HLO's press options after LVL: NPR and NPB when press is closed in retreats and adjustments. */
export function pressOptions(settings: Settings): DaideItem[] {
  const { press, pressInRetreatsAndAdjustments } = pressOf(settings);
  return press === 'none' || pressInRetreatsAndAdjustments ? [] : [['NPR'], ['NPB']];
}

/** A power out of the game: no supply centre and no unit left. */
function eliminated(position: Position, power: string): boolean {
  return (
    (position.supplyCenters[power] ?? []).length === 0 &&
    !position.units.some((u) => u.power === power) &&
    !position.dislodged.some((d) => d.power === power)
  );
}

/** What SND is answered with: YES or REJ of it, or HUH with ERR at the item (path) that cannot be read. */
export type SndAnswer = { answer: DaideMessage } | { huhAt: number[] };

/**
 * Stores a SND of `power` as a message of the game; the answer to send back. `inDisorder`: the DAIDE seats with
 * no connection.
 */
export async function sendPress(
  db: Db,
  tokens: MapTokens,
  snap: GameSnapshot,
  power: string,
  m: DaideMessage,
  inDisorder: ReadonlySet<string>,
): Promise<SndAnswer> {
  const { row } = snap;
  const level = pressLevel(row.settings);
  if (level === 0) return { huhAt: [0] };
  let at = 1;
  const turn = parseTurn(m[1]);
  if (turn) at = 2;
  const powers = m[at];
  const press = m[at + 1];
  if (!Array.isArray(powers) || powers.length === 0) return { huhAt: [at] };
  const to: string[] = [];
  for (const [i, token] of powers.entries()) {
    const name = typeof token === 'string' ? tokens.powerOf.get(token) : undefined;
    if (name === undefined) return { huhAt: [at, i] };
    if (!to.includes(name)) to.push(name);
  }
  if (!Array.isArray(press) || press.length === 0 || m.length !== at + 2) return { huhAt: [at + 1] };
  const bad = pressError(tokens, press, level);
  if (bad) return { huhAt: [at + 1, ...bad] };
  if (turn && phaseName(turn) !== row.phase) return { answer: ['REJ', m] };
  const position = row.position;
  if (to.includes(power) || eliminated(position, power)) return { answer: ['REJ', m] };
  const token = (p: string): string => tokens.powerTokens[tokens.map.powers.indexOf(p)] ?? 'UNO';
  const out = to.find((p) => eliminated(position, p));
  if (out !== undefined) return { answer: ['OUT', [token(out)]] };
  const away = to.find((p) => inDisorder.has(p));
  if (away !== undefined) return { answer: ['CCD', [token(away)]] };
  const only = press.length === 1 ? textOf(press[0]) : undefined;
  const text = only ?? messageText(press);
  const others = tokens.map.powers.filter((p) => p !== power);
  const everyone = others.every((p) => to.includes(p)) && to.length === others.length;
  try {
    await sendMessage(db, seatCaller(row, power), row.id, everyone ? ALL : to, text, DEFAULT_MESSAGE_RATE);
  } catch (e) {
    if (!(e instanceof Problem)) throw e;
    return { answer: ['REJ', m] };
  }
  return { answer: ['YES', m] };
}

export interface StoredMessage {
  id: number;
  sender: string;
  recipients: string[] | null;
  text: string;
}

/** The messages of game `id` after number `since`, as stored (imported records have none to deliver). */
export async function messagesSince(db: Db, id: string, since: number): Promise<StoredMessage[]> {
  const r = await db.query<StoredMessage>(
    'SELECT id, sender, recipients, text FROM messages WHERE game_id = $1 AND id > $2 AND NOT imported ORDER BY id',
    [id, since],
  );
  return r.rows;
}

/** The highest message number of game `id` so far. */
export async function lastMessage(db: Db, id: string): Promise<number> {
  const r = await db.query<{ n: number | null }>(
    'SELECT max(id)::int AS n FROM messages WHERE game_id = $1',
    [id],
  );
  return r.rows[0]?.n ?? 0;
}

/** May `power` read `message` (and is it not its own)? The recipients, or everyone but the sender for ALL. */
export function deliveredTo(message: StoredMessage, power: string): boolean {
  if (message.sender === power) return false;
  return message.recipients === null || message.recipients.includes(power);
}

/** FRM (sender) (recipients) (press) for a stored message. */
export function frmMessage(tokens: MapTokens, message: StoredMessage): DaideMessage {
  const token = (p: string): string => tokens.powerTokens[tokens.map.powers.indexOf(p)] ?? 'UNO';
  const to = message.recipients ?? tokens.map.powers.filter((p) => p !== message.sender);
  return ['FRM', [token(message.sender)], to.map(token), pressItems(tokens, message.text)];
}

/** A text as press: its own tokens when it is a DAIDE message in canonical form, otherwise a string. */
function pressItems(tokens: MapTokens, text: string): DaideItem[] {
  try {
    const parsed = parseMessageText(text);
    if (parsed.length > 0 && typeof parsed[0] === 'string' && messageText(parsed) === text) {
      encodeMessage(parsed, tokens.table); // every token known
      return parsed;
    }
  } catch {
    // not DAIDE: a string
  }
  return [{ text: text.replace(/[^\x20-\x7e]/g, '?') }];
}
