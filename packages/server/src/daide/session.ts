/**
 * One DAIDE connection: the Client-Server Protocol's frames (IM first within the timer, then RM; DM, FM, EM) and
 * the level-0 messages of the Message Syntax. A client becomes a player (NME, or IAM with its passcode), an
 * observer (OBS), or stays a bystander that may ask for the map. Messages are handled one at a time, in order;
 * a client that sends faster than they are answered is paused (TCP backpressure), never dropped.
 */
import type { Socket } from 'node:net';
import {
  adjustmentsDue,
  formatOrder,
  phaseName,
  resolveRules,
  splitCoast,
  type Order,
  type Position,
  type SubmittedOrder,
} from 'dipkit';
import {
  EM,
  ErrorCode,
  FM,
  FrameReader,
  IM,
  RM,
  bodyTokens,
  checkInitialMessage,
  decodeMessage,
  diplomacyMessage,
  encodeFrame,
  encodeMessage,
  errorMessage,
  finalMessage,
  markError,
  mdfMessage,
  nowMessage,
  ordMessages,
  parseOrder,
  parseTurn,
  retreatingUnits,
  scoMessage,
  textOf,
  unitItem,
  type DaideItem,
  type DaideMessage,
  type DaideOrder,
} from 'dipkit/daide';
import { Problem } from '../problems.js';
import { setReady, submitFor } from '../orders.js';
import { orderNote, orderingContext } from './notes.js';
import { checkPasscode, seatCaller, storedOrders, takeSeat, type GameSnapshot } from './seats.js';
import type { GameLink } from './hub.js';
import { sendPress } from './press.js';

/** Failed IAMs a connection may make before it is sent OFF (a passcode is one of 8191 numbers). */
const IAM_ATTEMPTS = 3;

export class Session {
  readonly #link: GameLink;
  readonly #socket: Socket;
  readonly #reader = new FrameReader();
  #open = true;
  #gotIm = false;
  #timer: NodeJS.Timeout | undefined;
  #queue: Promise<void> = Promise.resolve();
  #pending = 0;
  #paused = false;
  #failedIam = 0;
  /** The player's power, once NME or IAM gave it one. */
  power: string | undefined;
  passcode = 0;
  observer = false;
  name = '';
  version = '';
  /** YES (MAP) received (or IAM accepted): the client gets HLO and the game's messages. */
  mapAccepted = false;
  /** HLO sent (or IAM accepted): the client is in the game and gets ORD, SCO, NOW. */
  greeted = false;
  /** NOT (GOF) this phase: not ready until GOF or the deadline. */
  noGo = false;
  /** TME (seconds) requests. */
  readonly timeRequests = new Set<number>();
  #timeTimers: NodeJS.Timeout[] = [];

  constructor(link: GameLink, socket: Socket) {
    this.#link = link;
    this.#socket = socket;
    socket.setKeepAlive(true);
    socket.setNoDelay(true);
    this.#timer = setTimeout(() => this.fail(ErrorCode.timerPopped), link.options.imTimeout);
    socket.on('data', (chunk: Buffer) => this.#received(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => this.#closed());
  }

  get open(): boolean {
    return this.#open;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Frames

  #received(chunk: Buffer): void {
    if (!this.#open) return;
    this.#reader.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    for (let frame = this.#reader.next(); frame && this.#open; frame = this.#reader.next()) {
      if ('error' in frame) return this.fail(frame.error);
      const { type, body } = frame;
      if (type === FM) return this.#end(false);
      if (type === EM) return this.#end(false);
      if (type === RM) return this.fail(ErrorCode.rmFromClient);
      if (type === IM) {
        if (this.#gotIm) return this.fail(ErrorCode.duplicateIm);
        const bad = checkInitialMessage(body);
        if (bad !== undefined) return this.fail(bad);
        this.#gotIm = true;
        clearTimeout(this.#timer);
        this.#write(encodeFrame(RM, this.#link.tokens.representation));
        continue;
      }
      if (!this.#gotIm) return this.fail(ErrorCode.imNotFirst);
      this.#enqueue(bodyTokens(body));
    }
  }

  #enqueue(tokens: number[]): void {
    this.#pending++;
    if (this.#pending > this.#link.options.maxQueue && !this.#paused) {
      this.#paused = true;
      this.#socket.pause();
    }
    this.#queue = this.#queue
      .then(() => (this.#open ? this.#handleTokens(tokens) : undefined))
      .catch((e: unknown) => {
        process.stderr.write(
          `dipkit serve: DAIDE game ${this.#link.id}: ${e instanceof Error ? e.message : String(e)}\n`,
        );
      })
      .finally(() => {
        this.#pending--;
        if (this.#paused && this.#pending <= this.#link.options.maxQueue / 2) {
          this.#paused = false;
          this.#socket.resume();
        }
      });
  }

  #write(bytes: Uint8Array): void {
    if (this.#open) this.#socket.write(bytes);
  }

  send(message: DaideMessage): void {
    this.#write(diplomacyMessage(encodeMessage(message, this.#link.tokens.table)));
  }

  /** Sends EM `code` and closes, as the protocol says for a protocol error. */
  fail(code: number): void {
    if (!this.#open) return;
    this.#write(errorMessage(code));
    this.#end(false);
  }

  /** OFF then FM, and closes: the end of the game, or the client's own OFF. */
  sendOff(): void {
    if (!this.#open) return;
    this.send(['OFF']);
    this.#write(finalMessage());
    this.#end(false);
  }

  /** FM and close: the server stops; the game goes on without this connection. */
  disconnect(): void {
    this.#end(true);
  }

  #end(final: boolean): void {
    if (!this.#open) return;
    if (final) this.#write(finalMessage());
    this.#open = false;
    clearTimeout(this.#timer);
    this.#clearTimeTimers();
    this.#socket.end();
    this.#socket.destroySoon();
  }

  #closed(): void {
    this.#open = false;
    clearTimeout(this.#timer);
    this.#clearTimeTimers();
    this.#link.left(this);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Messages

  async #handleTokens(tokens: number[]): Promise<void> {
    const decoded = decodeMessage(tokens, this.#link.tokens.table);
    if (!Array.isArray(decoded)) {
      if (decoded.error === 'invalid-token') return this.fail(ErrorCode.invalidToken);
      // PRN echoes the message, with its brackets as unbalanced as they came.
      const prn = this.#link.tokens.table.byName.get('PRN') ?? 0;
      this.#write(diplomacyMessage([prn, 0x4000, ...tokens, 0x4001]));
      return;
    }
    await this.#handle(decoded);
  }

  #huh(message: DaideMessage, path: number[]): void {
    this.send(['HUH', markError(message, path)]);
  }

  async #handle(m: DaideMessage): Promise<void> {
    const command = typeof m[0] === 'string' ? m[0] : '';
    const link = this.#link;
    switch (command) {
      case 'NME':
        return this.#nme(m);
      case 'OBS':
        if (this.power !== undefined || this.observer) return this.send(['REJ', m]);
        this.observer = true;
        this.send(['YES', m]);
        return this.send(['MAP', [{ text: link.tokens.mapName }]]);
      case 'IAM':
        return this.#iam(m);
      case 'MAP':
        if (m.length === 1) return this.send(['MAP', [{ text: link.tokens.mapName }]]);
        return this.#huh(m, [1]);
      case 'MDF':
        return this.send(mdfMessage(link.tokens));
      case 'YES':
        if (Array.isArray(m[1]) && m[1][0] === 'MAP') {
          this.mapAccepted = true;
          if (link.started && !this.greeted && (this.power !== undefined || this.observer)) {
            this.greet(await link.snapshot());
          }
        }
        return;
      case 'REJ':
        if (Array.isArray(m[1]) && m[1][0] === 'MAP') return this.sendOff();
        return;
      case 'HLO':
      case 'SCO':
      case 'NOW':
      case 'ORD':
      case 'HST':
      case 'MIS':
      case 'TME':
      case 'SMR':
        return this.#request(m);
      case 'SUB':
        return this.#sub(m);
      case 'NOT':
        return this.#not(m);
      case 'GOF':
        return this.#gof(m);
      case 'DRW':
        return this.#drw(m);
      case 'ADM':
        if (textOf(Array.isArray(m[1]) ? m[1][0] : undefined) === undefined) return this.#huh(m, [1]);
        for (const s of link.sessions) if (s !== this && s.open) s.send(m);
        return;
      case 'OFF':
        return this.#end(true);
      case 'HUH':
      case 'PRN':
        return; // never answered, as the syntax says
      case 'SND':
        return this.#snd(m);
      default:
        return this.#huh(m, [0]);
    }
  }

  async #nme(m: DaideMessage): Promise<void> {
    const name = textOf(Array.isArray(m[1]) ? m[1][0] : undefined);
    const version = textOf(Array.isArray(m[2]) ? m[2][0] : undefined);
    if (name === undefined || version === undefined || m.length !== 3)
      return this.#huh(m, [name === undefined ? 1 : 2]);
    if (this.power !== undefined || this.observer) return this.send(['REJ', m]);
    // 'FRA:...' asks for France, as MILA's server reads it.
    const asked = /^([A-Za-z0-9]{3}):/.exec(name)?.[1]?.toUpperCase();
    const wanted = asked === undefined ? undefined : this.#link.tokens.powerOf.get(asked);
    if (asked !== undefined && wanted === undefined) return this.send(['REJ', m]);
    const seat = await takeSeat(this.#link.db, this.#link.id, wanted);
    if ('refused' in seat) return this.send(['REJ', m]);
    this.power = seat.power;
    this.passcode = seat.passcode;
    this.name = name;
    this.version = version;
    this.#link.joined(this);
    this.send(['YES', m]);
    this.send(['MAP', [{ text: this.#link.tokens.mapName }]]);
    this.#link.hub.refresh(this.#link.id);
  }

  async #iam(m: DaideMessage): Promise<void> {
    const link = this.#link;
    const powerToken = Array.isArray(m[1]) ? m[1][0] : undefined;
    const passcode = Array.isArray(m[2]) ? m[2][0] : undefined;
    const power = typeof powerToken === 'string' ? link.tokens.powerOf.get(powerToken) : undefined;
    if (power === undefined || typeof passcode !== 'number' || m.length !== 3)
      return this.#huh(m, [power === undefined ? 1 : 2]);
    const taken = [...link.sessions].some((s) => s !== this && s.open && s.power === power);
    const ok =
      this.power === undefined &&
      !this.observer &&
      link.started &&
      !taken &&
      (await checkPasscode(link.db, link.id, power, passcode));
    if (!ok) {
      this.send(['REJ', m]);
      if (++this.#failedIam >= IAM_ATTEMPTS) this.sendOff();
      return;
    }
    this.power = power;
    this.passcode = passcode;
    this.mapAccepted = true;
    this.greeted = true;
    this.send(['YES', m]);
    link.rejoined(this);
  }

  /** HLO, SCO, NOW and TME: the start of the game for this client. */
  greet(snap: GameSnapshot): void {
    if (this.greeted || !this.open) return;
    this.greeted = true;
    this.send(this.#hlo());
    this.send(scoMessage(this.#link.tokens, snap.row.position));
    this.send(nowMessage(this.#link.tokens, snap.row.position));
    this.sendTime(snap);
  }

  #hlo(): DaideMessage {
    const deadlines = this.#link.deadlines;
    const variant: DaideItem[] = [['LVL', this.#link.level]];
    if (deadlines?.movement !== undefined) variant.push(['MTL', Math.min(8191, deadlines.movement)]);
    if (deadlines?.retreat !== undefined) variant.push(['RTL', Math.min(8191, deadlines.retreat)]);
    if (deadlines?.adjustment !== undefined) variant.push(['BTL', Math.min(8191, deadlines.adjustment)]);
    // The level 10 options, in the document's order after those of level 0.
    variant.push(...this.#link.pressOptions);
    const power = this.power === undefined ? 'UNO' : this.#powerToken(this.power);
    return ['HLO', [power], [this.power === undefined ? 0 : this.passcode], variant];
  }

  #powerToken(power: string): string {
    const t = this.#link.tokens;
    return t.powerTokens[t.map.powers.indexOf(power)] ?? 'UNO';
  }

  /** TME (seconds to the deadline), when the phase has one; and the timers of the client's TME requests. */
  sendTime(snap: GameSnapshot): void {
    this.#clearTimeTimers();
    const deadline = snap.row.deadline;
    if (deadline === null || snap.row.status !== 'active') return;
    const ms = new Date(deadline).getTime() - Date.now();
    this.send(['TME', [Math.max(0, Math.min(8191, Math.ceil(ms / 1000)))]]);
    for (const seconds of this.timeRequests) {
      const at = ms - seconds * 1000;
      if (at >= 0) this.#timeTimers.push(setTimeout(() => this.send(['TME', [seconds]]), at));
    }
  }

  #clearTimeTimers(): void {
    for (const t of this.#timeTimers) clearTimeout(t);
    this.#timeTimers = [];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Requests for the state of the game

  async #request(m: DaideMessage): Promise<void> {
    const link = this.#link;
    const command = typeof m[0] === 'string' ? m[0] : '';
    const arg = m[1];
    if (command === 'TME' && Array.isArray(arg)) return this.#timeRequest(m, arg[0]);
    if (m.length > (command === 'HST' ? 2 : 1)) return this.#huh(m, [command === 'HST' ? 2 : 1]);
    const snap = await link.snapshot();
    const over = snap.row.status !== 'active';
    if (!link.started && command !== 'SMR') return this.send(['REJ', m]);
    switch (command) {
      case 'HLO':
        return this.send(this.#hlo());
      case 'SCO':
        return this.send(scoMessage(link.tokens, snap.row.position));
      case 'NOW':
        return this.send(nowMessage(link.tokens, snap.row.position));
      case 'TME':
        if (snap.row.deadline === null || over) return this.send(['REJ', m]);
        return this.send([
          'TME',
          [Math.max(0, Math.ceil((new Date(snap.row.deadline).getTime() - Date.now()) / 1000))],
        ]);
      case 'MIS':
        if (this.power === undefined || over) return this.send(['REJ', m]);
        return this.send(
          this.#missing(snap.row.position, await storedOrders(link.db, link.id, this.power, snap.row.seq)),
        );
      case 'SMR':
        if (!over) return this.send(['REJ', m]);
        for (const message of await link.endMessages(snap)) this.send(message);
        return;
      case 'ORD': {
        const records = await link.records(0, snap.row.seq);
        const lastMovement = records.map((r) => r.position.phase.type).lastIndexOf('movement');
        if (lastMovement < 0) return this.send(['REJ', m]);
        for (const r of records.slice(lastMovement))
          for (const o of ordMessages(link.tokens, r)) this.send(o);
        return;
      }
      case 'HST': {
        const phase = parseTurn(arg);
        if (!phase) return this.#huh(m, [1]);
        const records = await link.records(0, snap.row.seq);
        const at = records.findIndex((r) => phaseName(r.position.phase) === phaseName(phase));
        const record = records[at];
        if (!record) return this.send(['REJ', m]);
        const after = records[at + 1]?.position ?? snap.row.position;
        for (const o of ordMessages(link.tokens, record)) this.send(o);
        this.send(scoMessage(link.tokens, after));
        return this.send(nowMessage(link.tokens, after));
      }
    }
  }

  async #timeRequest(m: DaideMessage, seconds: DaideItem | undefined): Promise<void> {
    const longest = Math.max(0, ...Object.values(this.#link.deadlines ?? {}).map(Number));
    if (typeof seconds !== 'number') return this.#huh(m, [1, 0]);
    if (seconds < 0 || seconds > longest || longest === 0) return this.send(['REJ', m]);
    this.timeRequests.add(seconds);
    this.send(['YES', m]);
    this.sendTime(await this.#link.snapshot());
  }

  // -------------------------------------------------------------------------------------------------------------
  // Orders

  /**
   * What is still missing from `orders` for this power: `MIS (unit) ...` in movement, `MIS (unit MRT (...)) ...`
   * in retreats, `MIS (n)` in adjustments (positive: removals due, negative: builds due); `MIS` when nothing is.
   */
  #missing(position: Position, orders: readonly SubmittedOrder[]): DaideMessage {
    const link = this.#link;
    const map = link.tokens.map;
    const power = this.power ?? '';
    const ordered = new Set(
      orders.flatMap((o) =>
        o.order.kind === 'waive' ? [] : [splitCoast(map, o.order.unit.location).province],
      ),
    );
    const type = position.phase.type;
    if (type === 'movement') {
      const units = position.units.filter(
        (u) => u.power === power && !ordered.has(splitCoast(map, u.location).province),
      );
      return ['MIS', ...units.map((u) => unitItem(link.tokens, u))];
    }
    if (type === 'retreat') {
      const waiting = retreatingUnits(link.tokens, position, power).filter((item, i) => {
        const unit = position.dislodged.filter((u) => u.power === power)[i];
        return item && unit && !ordered.has(splitCoast(map, unit.location).province);
      });
      return ['MIS', ...waiting];
    }
    const due = adjustmentsDue(map, position).find((a) => a.power === power);
    if (!due || due.change === 0) return ['MIS'];
    if (due.change > 0) {
      const given = orders.filter((o) => o.order.kind === 'build' || o.order.kind === 'waive').length;
      const needed = Math.min(due.change, due.buildSites.length) - given;
      return needed > 0 ? ['MIS', [-needed]] : ['MIS'];
    }
    const removals = orders.filter((o) => o.order.kind === 'disband').length;
    const needed = -due.change - removals;
    return needed > 0 ? ['MIS', [needed]] : ['MIS'];
  }

  async #sub(m: DaideMessage): Promise<void> {
    const link = this.#link;
    const snap = await link.snapshot();
    const { row } = snap;
    const power = this.power;
    if (power === undefined || !link.started || row.status !== 'active') return this.send(['REJ', m]);
    let first = 1;
    const turn = parseTurn(m[1]);
    if (turn) first = 2;
    const items = m.slice(first);
    const parsed: DaideOrder[] = [];
    for (const [i, item] of items.entries()) {
      if (!Array.isArray(item)) return this.#huh(m, [first + i]);
      const order = parseOrder(link.tokens, item);
      if ('errorAt' in order) return this.#huh(m, [first + i, order.errorAt]);
      parsed.push(order);
    }
    if (parsed.length === 0) return this.#huh(m, [m.length]);
    // A SUB for a phase already processed (or not yet reached) is answered, never applied.
    if (turn && phaseName(turn) !== row.phase) {
      for (const item of items) this.send(['THX', item, ['NRS']]);
      return;
    }
    const map = link.tokens.map;
    const rules = resolveRules('datc', row.options.rules ?? []).value;
    const ctx = orderingContext(map, row.position, power, rules);
    const stored = await storedOrders(link.db, link.id, power, row.seq);
    let accepted: Order[] = stored.map((o) => o.order);
    const notes = parsed.map((p) => {
      const note = orderNote(ctx, p, accepted);
      if (note === 'MBV') accepted = merge(map, accepted, p.order);
      return note;
    });
    let applied = stored;
    if (notes.includes('MBV')) {
      try {
        const texts = accepted.map((o) => formatOrder(map, o));
        await submitFor(link.db, seatCaller(row, power), link.id, texts, row.phase);
        applied = await storedOrders(link.db, link.id, power, row.seq);
      } catch (e) {
        if (!(e instanceof Problem)) throw e;
        // The phase moved on while the orders were checked: none of them is for the current phase.
        notes.fill('NRS');
      }
    }
    items.forEach((item, i) => this.send(['THX', item, [notes[i] ?? 'NRS']]));
    const missing = this.#missing(row.position, applied);
    this.send(missing);
    if (missing.length === 1 && !this.noGo) await this.#ready(snap, true);
    else if (missing.length > 1 && snap.ready.has(power)) await this.#ready(snap, false);
  }

  async #ready(snap: GameSnapshot, ready: boolean): Promise<void> {
    const link = this.#link;
    if (this.power === undefined) return;
    try {
      await setReady(
        link.db,
        seatCaller(snap.row, this.power),
        link.id,
        ready,
        snap.row.phase,
        link.instance,
      );
    } catch (e) {
      if (!(e instanceof Problem)) throw e; // the phase moved on: the next NOW says so
    }
    link.hub.refresh(link.id);
  }

  async #not(m: DaideMessage): Promise<void> {
    const inner = m[1];
    if (!Array.isArray(inner) || m.length !== 2) return this.#huh(m, [1]);
    const link = this.#link;
    const what = typeof inner[0] === 'string' ? inner[0] : '';
    const snap = await link.snapshot();
    const playing = this.power !== undefined && link.started && snap.row.status === 'active';
    switch (what) {
      case 'GOF':
        if (!playing) return this.send(['REJ', m]);
        this.noGo = true;
        this.send(['YES', m]);
        return this.#ready(snap, false);
      case 'DRW':
        if (!playing) return this.send(['REJ', m]);
        link.draws.delete(this.power ?? '');
        return this.send(['YES', m]);
      case 'TME':
        if (inner.length === 1) this.timeRequests.clear();
        else if (typeof (inner[1] as DaideItem[] | undefined)?.[0] === 'number') {
          if (!this.timeRequests.delete((inner[1] as number[])[0] ?? -1)) return this.send(['REJ', m]);
        }
        return this.send(['YES', m]);
      case 'SUB': {
        if (!playing || this.power === undefined) return this.send(['REJ', m]);
        const stored = await storedOrders(link.db, link.id, this.power, snap.row.seq);
        let kept: Order[] = [];
        if (inner.length > 1) {
          const target = Array.isArray(inner[1]) ? parseOrder(link.tokens, inner[1]) : { errorAt: 0 };
          if ('errorAt' in target) return this.#huh(m, [1, 1]);
          const map = link.tokens.map;
          const key = formatOrder(map, target.order);
          kept = stored.map((o) => o.order).filter((o) => formatOrder(map, o) !== key);
          if (kept.length === stored.length) return this.send(['REJ', m]);
        }
        try {
          await submitFor(
            link.db,
            seatCaller(snap.row, this.power),
            link.id,
            kept.map((o) => formatOrder(link.tokens.map, o)),
            snap.row.phase,
          );
        } catch (e) {
          if (!(e instanceof Problem)) throw e;
          return this.send(['REJ', m]);
        }
        this.send(['YES', m]);
        return this.#ready(snap, false);
      }
      default:
        return this.#huh(m, [1, 0]);
    }
  }

  async #gof(m: DaideMessage): Promise<void> {
    const link = this.#link;
    const snap = await link.snapshot();
    if (this.power === undefined || !link.started || snap.row.status !== 'active' || m.length !== 1) {
      return this.send(['REJ', m]);
    }
    this.noGo = false;
    this.send(['YES', m]);
    const missing = this.#missing(
      snap.row.position,
      await storedOrders(link.db, link.id, this.power, snap.row.seq),
    );
    if (missing.length > 1) return this.send(missing);
    return this.#ready(snap, true);
  }

  /** Press (press.ts): SND from a seated client of a game with press becomes one of its messages. */
  async #snd(m: DaideMessage): Promise<void> {
    const link = this.#link;
    if (link.level === 0) return this.#huh(m, [0]);
    const snap = await link.snapshot();
    if (this.power === undefined || !link.started || snap.row.status !== 'active')
      return this.send(['REJ', m]);
    const r = await sendPress(link.db, link.tokens, snap, this.power, m, await link.inCivilDisorder());
    if ('huhAt' in r) return this.#huh(m, r.huhAt);
    this.send(r.answer);
    link.hub.refresh(link.id);
  }

  async #drw(m: DaideMessage): Promise<void> {
    const link = this.#link;
    const snap = await link.snapshot();
    if (this.power === undefined || !link.started || snap.row.status !== 'active')
      return this.send(['REJ', m]);
    if (m.length !== 1) return this.#huh(m, [1]);
    link.draws.add(this.power);
    this.send(['YES', m]);
    await link.drawIfAgreed(snap);
  }
}

/** `accepted` with `order` in place of an earlier order for the same unit (a waive adds one). */
function merge(map: Parameters<typeof splitCoast>[0], accepted: readonly Order[], order: Order): Order[] {
  if (order.kind === 'waive') return [...accepted, order];
  const p = splitCoast(map, order.unit.location).province;
  return [
    ...accepted.filter((o) => o.kind === 'waive' || splitCoast(map, o.unit.location).province !== p),
    order,
  ];
}
