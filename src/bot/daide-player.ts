/**
 * dipkit's bot as a DAIDE client, without the socket: frames in, frames out (the codec of src/daide). It plays
 * as the classic bots do: IM, then NME (with `FRA:` before its name when it asks for a power, as MILA's server
 * reads it), YES to the MAP, and one SUB each phase right after NOW, for the power HLO gave it; it ends after OFF,
 * an FM or an EM, or after the summary (SMR) that follows the end of the game (DRW or SLO). `dipkit bot --daide`
 * (src/cli/bot.ts) puts it on a TCP connection.
 *
 * The position is read from SCO (owners) and NOW (phase and units). In a retreat phase NOW gives each dislodged
 * unit its retreats (MRT); the bot chooses among exactly those.
 */
import { mapNamed } from '../formats/game-json.js';
import type { GameMap } from '../map/types.js';
import type { DislodgedUnit, Position, Unit } from '../position/types.js';
import type { SubmittedOrder } from '../game/game.js';
import { codedPosition, PHASE_RETREAT } from '../position/coded.js';
import { legalOrderCodes } from '../legal/enumerate.js';
import { newOrderCodeList, pushOrderCode, type OrderCodeList } from '../legal/code-list.js';
import { lookupLocation } from '../map/query.js';
import { decodeOrder, DISBAND, FLEET, ARMY, RETREAT, unitKey, orderCodeText } from '../orders/codes.js';
import { resolveRules, type RuleOptions } from '../adjudication/rules.js';
import {
  DM,
  EM,
  ERROR_MEANINGS,
  FM,
  RM,
  bodyTokens,
  diplomacyMessage,
  finalMessage,
  initialMessage,
  type Frame,
} from '../daide/frames.js';
import { tokenTableFromRepresentation, type TokenTable } from '../daide/tokens.js';
import { mapTokens, type MapTokens } from '../daide/map-tokens.js';
import {
  decodeMessage,
  encodeMessage,
  messageText,
  type DaideItem,
  type DaideMessage,
} from '../daide/syntax.js';
import { orderItems, parseLocation, parseTurn, parseUnit, textOf } from '../daide/board.js';
import { createBot, type Bot } from './index.js';

export interface DaidePlayerOptions {
  /** The name sent in NME (default "dipkit"). */
  name?: string;
  version?: string;
  /** A power to ask for, as a DAIDE token ("FRA") or a name the map knows. */
  power?: string;
  seed?: number;
  /** Told what happens (one line each): the power given, each phase ordered, the end. */
  log?: (line: string) => void;
}

/** The one item in brackets, `(x)`: DAIDE brackets every parameter. */
function single(item: DaideItem | undefined): DaideItem | undefined {
  return Array.isArray(item) && item.length === 1 ? item[0] : item;
}

export class DaidePlayer {
  readonly #options: DaidePlayerOptions;
  readonly #log: (line: string) => void;
  #table: TokenTable | undefined;
  #tokens: MapTokens | undefined;
  #bot: Bot | undefined;
  #power: string | undefined;
  #centres: Record<string, string[]> = {};
  #over = false;
  /** Set once the player is done: why (a normal end or a failure). */
  end: { ok: boolean; reason: string } | undefined;
  /** Phases the player sent orders for. */
  readonly ordered: string[] = [];

  constructor(options: DaidePlayerOptions = {}) {
    this.#options = options;
    this.#log = options.log ?? ((): void => undefined);
  }

  /** The power HLO gave, once known. */
  get power(): string | undefined {
    return this.#power;
  }

  /** What to send first: the initial message. */
  start(): Uint8Array[] {
    return [initialMessage()];
  }

  #finish(ok: boolean, reason: string): void {
    if (this.end === undefined) {
      this.end = { ok, reason };
      this.#log(reason);
    }
  }

  #send(message: DaideMessage): Uint8Array {
    return diplomacyMessage(encodeMessage(message, this.#table!));
  }

  /** The frames to send in answer to a received frame. */
  receive(frame: Frame): Uint8Array[] {
    if (this.end !== undefined) return [];
    if (frame.type === FM) {
      this.#finish(
        this.#over,
        this.#over ? 'the server closed the game' : 'the server ended the connection (FM)',
      );
      return [];
    }
    if (frame.type === EM) {
      const code = bodyTokens(frame.body)[0] ?? 0;
      this.#finish(false, `the server sent an error: ${ERROR_MEANINGS[code] ?? `code ${code}`}`);
      return [];
    }
    if (frame.type === RM) {
      this.#table = tokenTableFromRepresentation(frame.body);
      if (this.#table === undefined) {
        this.#finish(false, 'the representation message cannot be read');
        return [finalMessage()];
      }
      const name = this.#options.name ?? 'dipkit';
      const asked =
        this.#options.power === undefined ? name : `${this.#options.power.slice(0, 3).toUpperCase()}:${name}`;
      return [this.#send(['NME', [{ text: asked }], [{ text: this.#options.version ?? '1' }]])];
    }
    if (frame.type !== DM || this.#table === undefined) return [];
    const message = decodeMessage(bodyTokens(frame.body), this.#table);
    if (!Array.isArray(message)) return [];
    return this.#onMessage(message);
  }

  #onMessage(m: DaideMessage): Uint8Array[] {
    const head = typeof m[0] === 'string' ? m[0] : '';
    switch (head) {
      case 'MAP': {
        const name = textOf(single(m[1])) ?? '';
        const map = mapNamed(name);
        if (map === undefined) {
          this.#finish(false, `the server plays a map dipkit does not know: "${name}"`);
          return [this.#send(['REJ', m]), finalMessage()];
        }
        this.#tokens = mapTokens(map);
        this.#bot = createBot(map, { seed: this.#options.seed ?? 1 });
        return [this.#send(['YES', m])];
      }
      case 'HLO': {
        const first = single(m[1]);
        const token = typeof first === 'string' ? first : '';
        this.#power = this.#tokens?.powerOf.get(token) ?? token;
        this.#log(`playing ${this.#power}`);
        return [];
      }
      case 'SCO':
        this.#readCentres(m);
        return [];
      case 'NOW':
        return this.#orders(m);
      case 'REJ': {
        const what = Array.isArray(m[1]) ? messageText(m[1]) : messageText(m.slice(1));
        if (Array.isArray(m[1]) && m[1][0] === 'NME')
          this.#finish(false, `no seat: the server refused ${what}`);
        else this.#log(`refused: ${what}`);
        return [];
      }
      case 'THX': {
        const note = Array.isArray(m[2]) ? m[2][0] : m[2];
        if (note !== 'MBV') this.#log(`order not accepted: ${messageText(m)}`);
        return [];
      }
      case 'HUH':
        this.#log(`the server did not understand: ${messageText(m)}`);
        return [];
      case 'DRW':
      case 'SLO':
        this.#over = true;
        this.#log(head === 'DRW' ? 'the game is drawn' : `solo: ${messageText(m.slice(1))}`);
        return [];
      case 'SMR':
        if (this.#over) this.#finish(true, 'the game is over');
        return [];
      case 'OFF':
        this.#finish(true, 'the server switched off (OFF)');
        return [];
      default:
        return []; // YES, ORD, MIS, TME, NOT, CCD, MDF: nothing to answer
    }
  }

  #readCentres(m: DaideMessage): void {
    const tokens = this.#tokens;
    if (tokens === undefined) return;
    const centres: Record<string, string[]> = {};
    for (const item of m.slice(1)) {
      if (!Array.isArray(item) || typeof item[0] !== 'string' || item[0] === 'UNO') continue;
      const power = tokens.powerOf.get(item[0]);
      if (power === undefined) continue;
      centres[power] = item.slice(1).flatMap((p) => {
        const code = typeof p === 'string' ? tokens.provinceOf.get(p) : undefined;
        return code === undefined ? [] : [code];
      });
    }
    this.#centres = centres;
  }

  /** The bot's SUB for a NOW, when it has something to order. */
  #orders(m: DaideMessage): Uint8Array[] {
    const tokens = this.#tokens;
    const bot = this.#bot;
    const power = this.#power;
    const phase = parseTurn(m[1]);
    if (tokens === undefined || bot === undefined || power === undefined || phase === undefined) return [];
    const map = tokens.map;
    const units: Unit[] = [];
    const dislodged: { unit: DislodgedUnit; retreats: string[] }[] = [];
    for (const item of m.slice(2)) {
      if (!Array.isArray(item)) continue;
      const unit = parseUnit(tokens, item.slice(0, 3));
      if (unit === undefined) continue;
      if (item[3] === 'MRT') {
        const options = Array.isArray(item[4]) ? item[4] : [];
        const retreats = options.flatMap((o: DaideItem) => parseLocation(tokens, o) ?? []);
        dislodged.push({ unit: { ...unit, attackerFrom: unit.location }, retreats });
      } else units.push(unit);
    }
    const position: Position = {
      phase,
      units,
      dislodged: dislodged.map((d) => d.unit),
      contested: [],
      supplyCenters: this.#centres,
    };
    const rows = this.#choose(map, bot, position, power, dislodged);
    if (rows === undefined || rows.count === 0) return [];
    const orders: SubmittedOrder[] = [];
    for (let i = 0; i < rows.count; i++) {
      const given = decodeOrder(map, rows.codes, i);
      if (given !== undefined)
        orders.push({ power, order: given.order, text: orderCodeText(map, rows.codes, i) });
    }
    const name = `${'SFW'[['spring', 'fall', 'winter'].indexOf(phase.season)]}${phase.year}${'MRA'[['movement', 'retreat', 'adjustment'].indexOf(phase.type)]}`;
    this.ordered.push(name);
    this.#log(`${name}: ${orders.map((o) => o.text).join(', ')}`);
    return [this.#send(['SUB', ...orders.map((o) => orderItems(tokens, position, o, orders))])];
  }

  /** The bot's orders as rows; in a retreat phase among the retreats NOW gave. */
  #choose(
    map: GameMap,
    bot: Bot,
    position: Position,
    power: string,
    dislodged: readonly { unit: DislodgedUnit; retreats: string[] }[],
  ): OrderCodeList | undefined {
    const coded = codedPosition(map, position).value;
    const index = map.powers.indexOf(power);
    if (coded === undefined || index < 0) return undefined;
    const rules: RuleOptions = resolveRules('datc').value!;
    let legal: OrderCodeList;
    if (coded.phaseType === PHASE_RETREAT) {
      legal = newOrderCodeList(64);
      for (const { unit, retreats } of dislodged) {
        if (unit.power !== power) continue;
        const type = unit.type === 'F' ? FLEET : ARMY;
        const key = unitKey(map, type, lookupLocation(map, unit.location));
        for (const to of retreats) pushOrderCode(legal, index, RETREAT, key, -1, lookupLocation(map, to));
        pushOrderCode(legal, index, DISBAND, key, -1, -1);
      }
    } else {
      const listed = legalOrderCodes(map, position, { power, rules }).value;
      if (listed === undefined) return undefined;
      legal = listed;
    }
    const out = newOrderCodeList(32);
    const season = ['spring', 'fall', 'winter'].indexOf(position.phase.season);
    bot.orderCodes(
      { position: coded, power: index, legal, fall: season === 1, year: position.phase.year, season, rules },
      out,
    );
    return out;
  }
}
