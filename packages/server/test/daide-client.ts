/**
 * A DAIDE client for the tests, written from the Client-Server Protocol: it connects, sends the IM, reads the RM
 * into a token table, and sends and receives messages in DAIDE's text form. Everything received is queued;
 * `next` takes the next message, `until` skips to the first that matches.
 */
import { connect, type Socket } from 'node:net';
import {
  DM,
  EM,
  FM,
  FrameReader,
  RM,
  bodyTokens,
  decodeMessage,
  diplomacyMessage,
  encodeMessage,
  initialMessage,
  messageText,
  parseMessageText,
  tokenTableFromRepresentation,
  type DaideMessage,
  type TokenTable,
} from 'dipkit/daide';

export type Received =
  | { kind: 'DM'; text: string; message: DaideMessage; tokens: number[] }
  | { kind: 'EM'; code: number }
  | { kind: 'RM'; body: Uint8Array }
  | { kind: 'FM' }
  | { kind: 'closed' };

export class DaideClient {
  readonly socket: Socket;
  readonly #reader = new FrameReader();
  readonly #queue: Received[] = [];
  #waiting: (() => void) | undefined;
  table: TokenTable | undefined;
  closed = false;
  /** Every DM text received, in order. */
  readonly log: string[] = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#reader.push(new Uint8Array(chunk));
      for (let f = this.#reader.next(); f; f = this.#reader.next()) {
        if ('error' in f) throw new Error(`server sent a malformed frame (${f.error})`);
        if (f.type === RM) {
          this.table = tokenTableFromRepresentation(f.body);
          this.#push({ kind: 'RM', body: f.body });
        } else if (f.type === DM) {
          const tokens = bodyTokens(f.body);
          const message = decodeMessage(
            tokens,
            this.table ?? tokenTableFromRepresentation(new Uint8Array(0))!,
          );
          const text = Array.isArray(message)
            ? messageText(message)
            : `undecodable ${JSON.stringify(message)}`;
          this.log.push(text);
          this.#push({ kind: 'DM', text, message: Array.isArray(message) ? message : [], tokens });
        } else if (f.type === EM) {
          this.#push({ kind: 'EM', code: ((f.body[0] ?? 0) << 8) | (f.body[1] ?? 0) });
        } else if (f.type === FM) {
          this.#push({ kind: 'FM' });
        }
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.#push({ kind: 'closed' });
    });
  }

  /** Connects to 127.0.0.1:`port`; with `handshake`, sends the IM and waits for the RM. */
  static async open(port: number, handshake = true): Promise<DaideClient> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1' }, () => resolve(s));
      s.once('error', reject);
    });
    const client = new DaideClient(socket);
    if (handshake) {
      client.raw(initialMessage());
      const rm = await client.next();
      if (rm.kind !== 'RM') throw new Error(`expected the RM, got ${JSON.stringify(rm)}`);
    }
    return client;
  }

  #push(r: Received): void {
    this.#queue.push(r);
    const w = this.#waiting;
    this.#waiting = undefined;
    w?.();
  }

  raw(bytes: Uint8Array | number[]): void {
    this.socket.write(Uint8Array.from(bytes));
  }

  /** Sends a message in text form (`NME ('Bot') ('1')`). */
  send(text: string): void {
    const table = this.table ?? tokenTableFromRepresentation(new Uint8Array(0))!;
    this.raw(diplomacyMessage(encodeMessage(parseMessageText(text), table)));
  }

  /** The next thing received (a message, an EM, an FM, or the close), within `ms`. */
  async next(ms = 10_000): Promise<Received> {
    const deadline = Date.now() + ms;
    while (this.#queue.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`nothing received in ${ms} ms; last messages: ${this.log.slice(-5).join(' | ')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiting = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
    return this.#queue.shift() as Received;
  }

  /** The next DM's text (failing on anything else). */
  async message(ms?: number): Promise<string> {
    const r = await this.next(ms);
    if (r.kind !== 'DM') throw new Error(`expected a message, got ${JSON.stringify(r)}`);
    return r.text;
  }

  /** Skips to the first DM whose text matches `pattern`; returns it. */
  async until(pattern: RegExp, ms = 20_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = await this.next(Math.max(1, deadline - Date.now()));
      if (r.kind === 'DM' && pattern.test(r.text)) return r.text;
      if (r.kind === 'closed')
        throw new Error(`closed while waiting for ${pattern}; last: ${this.log.slice(-5).join(' | ')}`);
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The units of a NOW message: power token, the unit as text (`FRA AMY PAR`), and whether it must retreat. */
export function readUnits(message: DaideMessage): { power: string; text: string; retreating: boolean }[] {
  return message.slice(2).flatMap((item) => {
    if (!Array.isArray(item)) return [];
    return [
      {
        power: typeof item[0] === 'string' ? item[0] : '',
        text: messageText(item.slice(0, 3)),
        retreating: item[3] === 'MRT',
      },
    ];
  });
}
