/**
 * The DAIDE server of `dipkit serve --daide`: every game created with `"daide": true` listens on its own TCP
 * port, taken from the `--daide-ports` range when the game is created and kept in its settings, so that it listens
 * again on the same port after a restart. The hub follows each game through the events every instance announces
 * (and a slow poll): when the last seat is taken it greets the DAIDE clients (HLO, SCO, NOW, TME), after each
 * processed phase it sends ORD, SCO, NOW and TME, and at the end SLO or DRW, SMR and OFF.
 */
import { createServer, type Server } from 'node:net';
import { centerCounts, type GameMap, type PhaseRecord } from 'dipkit';
import {
  mapTokens,
  ordMessages,
  nowMessage,
  scoMessage,
  turnItem,
  type DaideMessage,
  type MapTokens,
} from 'dipkit/daide';
import type { Db } from '../db.js';
import { Problem } from '../problems.js';
import { setReady } from '../orders.js';
import { addEvent, mapOf, powersToOrder, type Deadlines, type Settings } from '../rows.js';
import { lockActiveGame } from '../processing.js';
import { Session } from './session.js';
import { daidePowers, readSnapshot, seatCaller, type GameSnapshot } from './seats.js';
import { deliveredTo, frmMessage, lastMessage, messagesSince, pressLevel } from './press.js';

export interface DaideOptions {
  /** The ports games take, first and last (default 16713-16812; [0, 0]: any free port, for tests). */
  ports?: [number, number];
  /** The address the ports listen on (default 127.0.0.1). */
  host?: string;
  /** Milliseconds a connection may wait before its Initial Message (default 30 000, the protocol's timer). */
  imTimeout?: number;
  /** Messages a connection may have waiting for an answer before it is paused (default 64). */
  maxQueue?: number;
  /** How often games with connections are read again, in milliseconds (default 1000). */
  poll?: number;
}

export const DEFAULT_DAIDE_PORTS: [number, number] = [16713, 16812];

type Resolved = Required<DaideOptions>;

/** The polls between two claims of the ports of games another instance serves (hub.ts's #claim). */
const CLAIM_EVERY = 5;

/** One game's DAIDE side: its listener, its connections, and what they have been told. */
export class GameLink {
  readonly hub: DaideHub;
  readonly id: string;
  readonly map: GameMap;
  readonly tokens: MapTokens;
  readonly server: Server;
  readonly port: number;
  readonly sessions = new Set<Session>();
  /** The name and version each power's client gave with NME (kept for SMR after an IAM). */
  readonly names = new Map<string, { name: string; version: string }>();
  /** Powers whose DRW stands in the current phase. */
  readonly draws = new Set<string>();
  deadlines: Deadlines | null;
  /** The press level HLO offers (press.ts). */
  readonly level: number;
  /** The last message number the clients were given press up to (undefined until first read). */
  messageSeq: number | undefined;
  started = false;
  /** The phase number the clients were last told about. */
  seq: number;
  /** The deadline (ms) of the phase the clients were last told (TME), to tell them again when it changes. */
  toldDeadline: number | null = null;
  ended = false;

  constructor(
    hub: DaideHub,
    id: string,
    map: GameMap,
    server: Server,
    port: number,
    seq: number,
    settings: Settings,
  ) {
    this.hub = hub;
    this.id = id;
    this.map = map;
    this.tokens = mapTokens(map);
    this.server = server;
    this.port = port;
    this.seq = seq;
    this.deadlines = settings.deadlines;
    this.level = pressLevel(settings);
  }

  get db(): Db {
    return this.hub.db;
  }
  get instance(): string {
    return this.hub.instance;
  }
  get options(): Resolved {
    return this.hub.options;
  }

  snapshot(): Promise<GameSnapshot> {
    return readSnapshot(this.db, this.id);
  }

  async records(from: number, to: number): Promise<PhaseRecord[]> {
    const r = await this.db.query<{ record: PhaseRecord }>(
      'SELECT record FROM phases WHERE game_id = $1 AND seq >= $2 AND seq < $3 ORDER BY seq',
      [this.id, from, to],
    );
    return r.rows.map((x) => x.record);
  }

  joined(session: Session): void {
    if (session.power !== undefined)
      this.names.set(session.power, { name: session.name, version: session.version });
  }

  /** A player back with IAM: the others hear it is no longer in civil disorder. */
  rejoined(session: Session): void {
    const power = session.power;
    if (power === undefined) return;
    this.broadcast(
      ['NOT', ['CCD', [this.tokens.powerTokens[this.map.powers.indexOf(power)] ?? 'UNO']]],
      session,
    );
  }

  /** A connection closed: a player's seat goes to civil disorder until it comes back. */
  left(session: Session): void {
    this.sessions.delete(session);
    const power = session.power;
    if (power === undefined || this.ended) return;
    if ([...this.sessions].some((s) => s.power === power)) return;
    this.broadcast(['CCD', [this.tokens.powerTokens[this.map.powers.indexOf(power)] ?? 'UNO']]);
    this.hub.refresh(this.id);
  }

  broadcast(message: DaideMessage, except?: Session): void {
    for (const s of this.sessions) if (s !== except && s.greeted && s.open) s.send(message);
  }

  /** SLO or DRW, then SMR: the end of the game. */
  async endMessages(snap: GameSnapshot): Promise<DaideMessage[]> {
    const { row } = snap;
    const out: DaideMessage[] = [];
    if (row.status === 'won' && row.winner !== null) {
      out.push(['SLO', [this.tokens.powerTokens[this.map.powers.indexOf(row.winner)] ?? 'UNO']]);
    } else {
      out.push(['DRW']);
    }
    const counts = centerCounts(this.map, row.position.supplyCenters);
    const history = await this.records(0, row.seq);
    const daide = await daidePowers(this.db, this.id);
    const smr: DaideMessage = ['SMR', turnItem((history[history.length - 1] ?? row).position.phase)];
    for (const i of this.tokens.powerOrder) {
      const power = this.map.powers[i] ?? '';
      const session = this.names.get(power);
      const name = session?.name ?? (daide.has(power) ? 'DAIDE' : snap.joined.has(power) ? 'player' : 'none');
      const version = session?.version ?? (snap.joined.has(power) ? 'dipkit' : 'none');
      const centres = counts[power] ?? 0;
      const entry: DaideMessage = [
        this.tokens.powerTokens[i] ?? '',
        [{ text: name }],
        [{ text: version }],
        centres,
      ];
      if (centres === 0) {
        const out = history.find((r) => (r.position.supplyCenters[power] ?? []).length === 0);
        entry.push(out?.position.phase.year ?? row.position.phase.year);
      }
      smr.push(entry);
    }
    out.push(smr);
    return out;
  }

  /** Ends the game in a draw once every power still holding centres stands by its DRW this phase. */
  async drawIfAgreed(snap: GameSnapshot): Promise<void> {
    const counts = centerCounts(this.map, snap.row.position.supplyCenters);
    const alive = this.map.powers.filter((p) => (counts[p] ?? 0) > 0);
    if (!alive.every((p) => this.draws.has(p))) return;
    try {
      await this.db.transaction(async (tx) => {
        const row = await lockActiveGame(tx, this.id, snap.row.phase);
        await tx.query(
          "UPDATE games SET status = 'draw', deadline = NULL, updated_at = now() WHERE id = $1",
          [row.id],
        );
        await addEvent(tx, row.id, 'gameover', { status: 'draw', by: 'daide' });
      });
    } catch (e) {
      if (!(e instanceof Problem)) throw e;
    }
    this.hub.refresh(this.id);
  }

  /** Reads the game and tells the clients what changed. Called one at a time per game (the hub sees to it). */
  async update(): Promise<void> {
    this.messageSeq ??= await lastMessage(this.db, this.id);
    const snap = await this.snapshot();
    const { row } = snap;
    if (!this.started) {
      const full = this.map.powers.every((p) => snap.joined.has(p));
      if (!(full || row.seq > 0 || row.status !== 'active')) return;
      this.started = true;
      this.seq = row.seq;
      this.toldDeadline = deadlineOf(row);
      for (const s of this.sessions)
        if (s.mapAccepted && (s.power !== undefined || s.observer)) s.greet(snap);
    }
    if (row.seq > this.seq) {
      const records = await this.records(this.seq, row.seq);
      records.forEach((record, i) => {
        for (const o of ordMessages(this.tokens, record)) this.broadcast(o);
        const after = records[i + 1]?.position ?? row.position;
        const yearEnds =
          record.position.phase.season === 'fall' &&
          !(after.phase.season === 'fall' && after.phase.type === 'retreat');
        if (yearEnds || (i === records.length - 1 && row.status !== 'active'))
          this.broadcast(scoMessage(this.tokens, after));
        if (i === records.length - 1 && row.status === 'won' && row.winner !== null) {
          this.broadcast(['SLO', [this.tokens.powerTokens[this.map.powers.indexOf(row.winner)] ?? 'UNO']]);
        }
        // No NOW once the game is over: there is no next phase to order for (DRW or SLO and SMR follow).
        if (i === records.length - 1 && row.status === 'active')
          this.broadcast(nowMessage(this.tokens, after));
      });
      this.seq = row.seq;
      this.draws.clear();
      for (const s of this.sessions) {
        s.noGo = false;
        if (s.greeted && row.status === 'active') s.sendTime(snap);
      }
    } else if (this.started && row.status === 'active' && deadlineOf(row) !== this.toldDeadline) {
      // The admin extended the deadline or resumed the game: TME says how long is left now.
      for (const s of this.sessions) if (s.greeted) s.sendTime(snap);
    }
    this.toldDeadline = deadlineOf(row);
    await this.#deliverPress();
    if (row.status !== 'active' && !this.ended) {
      this.ended = true;
      const end = await this.endMessages(snap);
      for (const s of this.sessions) {
        if (!s.greeted) continue;
        for (const m of end.filter((x) => x[0] !== 'SLO')) s.send(m);
        s.sendOff();
      }
      this.hub.closeLink(this);
      return;
    }
    await this.#civilDisorder(snap);
  }

  /** The messages stored since the last look, as FRM to each seated client whose power may read them. */
  async #deliverPress(): Promise<void> {
    if (this.level === 0 || this.messageSeq === undefined) return;
    const messages = await messagesSince(this.db, this.id, this.messageSeq);
    for (const message of messages) {
      const frm = frmMessage(this.tokens, message);
      for (const s of this.sessions)
        if (s.greeted && s.open && s.power !== undefined && deliveredTo(message, s.power)) s.send(frm);
      this.messageSeq = message.id;
    }
  }

  /** A DAIDE seat with no connection is in civil disorder: it is ready at once, with whatever orders it has. */
  async #civilDisorder(snap: GameSnapshot): Promise<void> {
    if (!this.started || snap.row.status !== 'active') return;
    const connected = new Set([...this.sessions].filter((s) => s.open).map((s) => s.power));
    const must = powersToOrder(this.map, snap.row.position);
    for (const power of await daidePowers(this.db, this.id)) {
      if (connected.has(power) || snap.ready.has(power) || !must.has(power)) continue;
      try {
        await setReady(this.db, seatCaller(snap.row, power), this.id, true, snap.row.phase, this.instance);
      } catch (e) {
        if (!(e instanceof Problem)) throw e;
      }
    }
  }
}

function deadlineOf(row: { deadline: Date | string | null }): number | null {
  return row.deadline === null ? null : new Date(row.deadline).getTime();
}

export class DaideHub {
  readonly db: Db;
  readonly instance: string;
  readonly options: Resolved;
  readonly #links = new Map<string, GameLink>();
  readonly #busy = new Map<string, boolean>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #claiming = false;
  /** Games whose port this hub could not take, with the last error code (logged once per code). */
  readonly #unclaimed = new Map<string, string>();
  readonly #running = new Set<Promise<unknown>>();

  constructor(db: Db, instance: string, options: DaideOptions = {}) {
    this.db = db;
    this.instance = instance;
    this.options = {
      ports: options.ports ?? DEFAULT_DAIDE_PORTS,
      host: options.host ?? '127.0.0.1',
      imTimeout: options.imTimeout ?? 30_000,
      maxQueue: options.maxQueue ?? 64,
      poll: options.poll ?? 1000,
    };
  }

  /** Listens for every active DAIDE game (on the port it was given), and follows their events. */
  async start(): Promise<void> {
    await this.#claim();
    await this.db.listen((id) => this.refresh(id));
    let rounds = 0;
    this.#timer = setInterval(() => {
      for (const [id, link] of this.#links) if (link.sessions.size > 0) this.refresh(id);
      if (++rounds % CLAIM_EVERY === 0) this.#track(this.#claim());
    }, this.options.poll);
    this.#timer.unref();
  }

  /**
   * Listens on the port of every active DAIDE game this hub does not serve yet. On one database several instances
   * see the same games: on one machine the first to bind a port serves it, and the others try again every few
   * polls, so that one of them takes the port over when its instance stops. Another failure is logged once.
   */
  async #claim(): Promise<void> {
    if (this.#claiming || this.#closed) return;
    this.#claiming = true;
    try {
      const r = await this.db.query<{ id: string; map: string; seq: number; settings: Settings }>(
        "SELECT id, map, seq, settings FROM games WHERE status = 'active' AND (settings->>'daide') = 'true'",
      );
      for (const g of r.rows) {
        const port = g.settings.daidePort;
        if (port === undefined || this.#links.has(g.id) || this.#closed) continue;
        try {
          await this.#listen(g.id, mapOf(g.map), port, g.seq, g.settings);
          this.#unclaimed.delete(g.id);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code ?? String(e);
          if (this.#unclaimed.get(g.id) === code) continue;
          this.#unclaimed.set(g.id, code);
          const why =
            code === 'EADDRINUSE'
              ? 'in use (by another dipkit instance on this database, or another program); taken when it is free'
              : e instanceof Error
                ? e.message
                : code;
          process.stderr.write(`dipkit serve: DAIDE port ${port} of game ${g.id}: ${why}\n`);
        }
      }
    } finally {
      this.#claiming = false;
    }
  }

  /** Work started by the timer or an event, awaited by close() so that nothing runs on after it. */
  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((e: unknown) => {
        if (!this.#closed)
          process.stderr.write(`dipkit serve: DAIDE: ${e instanceof Error ? e.message : String(e)}\n`);
      })
      .finally(() => this.#running.delete(tracked));
    this.#running.add(tracked);
  }

  /** The port game `id` listens on, if it does here. */
  portOf(id: string): number | undefined {
    return this.#links.get(id)?.port;
  }

  /** Gives a new DAIDE game the first free port of the range and listens on it; the port is kept in its settings. */
  async open(id: string): Promise<number> {
    const r = await this.db.query<{ map: string; seq: number; settings: Settings }>(
      'SELECT map, seq, settings FROM games WHERE id = $1',
      [id],
    );
    const game = r.rows[0];
    if (!game) throw new Error(`no game ${id}`);
    const used = await this.db.query<{ port: number }>(
      "SELECT (settings->>'daidePort')::int AS port FROM games WHERE status = 'active' AND settings ? 'daidePort'",
    );
    const taken = new Set([...used.rows.map((u) => u.port), ...[...this.#links.values()].map((l) => l.port)]);
    const [from, to] = this.options.ports;
    for (let wanted = from; wanted <= to; wanted++) {
      if (taken.has(wanted)) continue;
      let port: number;
      try {
        port = await this.#listen(id, mapOf(game.map), wanted, game.seq, game.settings);
      } catch {
        continue; // taken by another program
      }
      await this.db.query(
        `UPDATE games SET settings = settings || jsonb_build_object('daidePort', $2::int) WHERE id = $1`,
        [id, port],
      );
      return port;
    }
    throw new Problem(503, 'no-daide-port', `every DAIDE port from ${from} to ${to} is in use`);
  }

  /** Listens for game `id` on `port` (0: any free port, for tests); resolves with the port. */
  #listen(id: string, map: GameMap, port: number, seq: number, settings: Settings): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen({ port, host: this.options.host, backlog: 16 }, () => {
        server.off('error', reject);
        if (this.#closed) {
          // close() ran while this port was being bound: it must not stay open after it.
          server.close();
          reject(new Error('the DAIDE server is closing'));
          return;
        }
        server.on('error', () => undefined);
        const address = server.address();
        const bound = typeof address === 'object' && address !== null ? address.port : port;
        const link = new GameLink(this, id, map, server, bound, seq, settings);
        server.on('connection', (socket) => {
          if (this.#closed) return socket.destroy();
          link.sessions.add(new Session(link, socket));
        });
        this.#links.set(id, link);
        this.refresh(id);
        resolve(bound);
      });
    });
  }

  /** Reads game `id` again and tells its clients what changed (once at a time; a call meanwhile runs again after). */
  refresh(id: string): void {
    const link = this.#links.get(id);
    if (!link || this.#closed) return;
    if (this.#busy.has(id)) {
      this.#busy.set(id, true);
      return;
    }
    this.#busy.set(id, false);
    this.#track(
      link
        .update()
        .catch((e: unknown) => {
          throw new Error(`game ${id}: ${e instanceof Error ? e.message : String(e)}`);
        })
        .finally(() => {
          const again = this.#busy.get(id) === true;
          this.#busy.delete(id);
          if (again) this.refresh(id);
        }),
    );
  }

  /** Stops listening for a game that is over (its clients were sent OFF). */
  closeLink(link: GameLink): void {
    this.#links.delete(link.id);
    link.server.close();
  }

  /** Stops listening and says goodbye (FM) to every connection, once the updates under way have ended. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    while (this.#running.size > 0) await Promise.all(this.#running);
    const links = [...this.#links.values()];
    this.#links.clear();
    for (const link of links) {
      for (const s of link.sessions) s.disconnect();
      await new Promise<void>((resolve) => link.server.close(() => resolve()));
    }
  }
}
