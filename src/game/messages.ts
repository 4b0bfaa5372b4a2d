/**
 * Press: the messages powers write to each other, as a game keeps them. A message goes from one power to one
 * power, to several, or to all (`"ALL"`); its phase is the phase in which it was sent. The game files keep them
 * (dipkit's game JSON as a list, MILA/dipcc JSON per phase) and the server stores them; who may read one is
 * decided here, once, for every route and stream that shows messages.
 */
import type { GameMap } from '../map/types.js';
import { lookupPower } from '../map/query.js';

/** Everyone: a public message. */
export const ALL = 'ALL';

export interface GameMessage {
  /** The phase it was sent in: "S1901M". */
  phase: string;
  /** The power that wrote it. */
  sender: string;
  /** "ALL", one power, or several powers (two or more, in map order). */
  to: string | string[];
  text: string;
  /**
   * When it was sent, as MILA/dipcc's `time_sent`: a whole number, microseconds since 1970 for messages dipkit
   * writes; a recorded game's value is kept as recorded, whatever its unit.
   */
  time: number;
}

/** The longest message text, in characters. */
export const MAX_MESSAGE_LENGTH = 10_000;

/** The recipients of a message as a list of powers, or undefined for a message to all. */
export function recipientsOf(message: Pick<GameMessage, 'to'>): string[] | undefined {
  if (message.to === ALL) return undefined;
  return typeof message.to === 'string' ? [message.to] : message.to;
}

/**
 * Whether `reader` (a power, or undefined for no power: the admin, an observer) may read `message`: a message to
 * all, or one the reader wrote or was sent.
 */
export function mayRead(message: Pick<GameMessage, 'sender' | 'to'>, reader: string | undefined): boolean {
  const to = recipientsOf(message);
  if (to === undefined) return true;
  return reader !== undefined && (message.sender === reader || to.includes(reader));
}

/**
 * Why `text` cannot be a message, or undefined when it can: empty, longer than MAX_MESSAGE_LENGTH, or holding a
 * control character other than line feed and tab (a carriage return, an escape, a NUL: they garble what others
 * see and are never needed to write).
 */
export function messageTextProblem(text: string): string | undefined {
  if (text.trim() === '') return 'the message is empty';
  if (text.length > MAX_MESSAGE_LENGTH)
    return `the message has ${text.length} characters; at most ${MAX_MESSAGE_LENGTH} are taken`;
  // eslint-disable-next-line no-control-regex
  const bad = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/.exec(text);
  if (bad) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `the message holds the control character U+${code} at character ${bad.index + 1}`;
  }
  return undefined;
}

/**
 * The recipients a sender names, checked against the map: `"ALL"` (any case), a power, or a list of powers (any
 * spelling the map knows: "England", "ENG"). Returns the `to` of the message (a list of one is that power; a list
 * is in map order, without repeats) or a problem in words.
 */
export function readRecipients(
  map: GameMap,
  sender: string,
  given: string | readonly string[],
): { to: string | string[] } | { problem: string } {
  if (typeof given === 'string' && given.toUpperCase() === ALL) return { to: ALL };
  const names = typeof given === 'string' ? [given] : given;
  if (names.length === 0) return { problem: '"to" names no power' };
  const found = new Set<string>();
  for (const name of names) {
    const power = map.powers[lookupPower(map, name)];
    if (power === undefined)
      return { problem: `unknown power "${name}"; powers: ${map.powers.join(', ')}, or "ALL"` };
    if (power === sender) return { problem: `${sender} cannot send a message to itself` };
    found.add(power);
  }
  const to = map.powers.filter((p) => found.has(p));
  return { to: to.length === 1 ? (to[0] as string) : to };
}

/** The messages of `phase`, oldest first as kept. */
export function messagesOfPhase(messages: readonly GameMessage[], phase: string): GameMessage[] {
  return messages.filter((m) => m.phase === phase);
}

/** "GERMANY -> ENGLAND", "GERMANY -> ALL", "GERMANY -> ENGLAND, FRANCE". */
export function messageHeading(message: Pick<GameMessage, 'sender' | 'to'>): string {
  return `${message.sender} -> ${(recipientsOf(message) ?? [ALL]).join(', ')}`;
}

/**
 * A conversation as lines of text, phase by phase: a heading per phase ("S1901M: 16 messages"), then each message,
 * "  GERMANY -> ENGLAND: text", the lines of a longer text indented below it.
 */
export function describeMessages(messages: readonly GameMessage[]): string[] {
  const lines: string[] = [];
  let phase: string | undefined;
  for (const m of messages) {
    if (m.phase !== phase) {
      phase = m.phase;
      const n = messages.filter((x) => x.phase === phase).length;
      lines.push(`${phase}: ${n} message${n === 1 ? '' : 's'}`);
    }
    const [first = '', ...more] = m.text.split('\n');
    lines.push(`  ${messageHeading(m)}: ${first}`, ...more.map((l) => `    ${l}`));
  }
  return lines;
}
