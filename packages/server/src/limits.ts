/**
 * What one client, and all of them together, may ask of a server: request rates (by @fastify/rate-limit), event
 * streams, connections, and how long a connection may take to send a request or stay idle. Every limit has a
 * default meant for a public server that friends play on (docs/server.md lists them) and a `dipkit serve` flag;
 * a rate of 0 means no limit.
 *
 * A client is its IP address (an IPv6 /64), or with `trustProxy` the address X-Forwarded-For names. Limits are
 * counted by each instance on its own.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { PROBLEM_TYPE, Problem, problemBody } from './problems.js';

export interface Limits {
  /** Games one client may create per minute. */
  createRate: number;
  /** Games one client may import per minute. */
  importRate: number;
  /** Joins one client may make per minute. */
  joinRate: number;
  /** Writes to a game (orders, ready, process, ...) one client may make per minute. */
  writeRate: number;
  /** Event streams one client may hold open at once. */
  streamsPerClient: number;
  /** Event streams open at once, from every client. */
  maxStreams: number;
  /** Connections one client may hold open at once (not counted with trustProxy: the proxy is one client). */
  connectionsPerClient: number;
  /** Connections open at once, from every client; more are closed as they come. */
  maxConnections: number;
  /** Seconds a client has to send a request's headers. */
  headersTimeout: number;
  /** Seconds a client has to send a whole request, its body included. */
  requestTimeout: number;
  /** Seconds a kept-alive connection may wait for its next request. */
  idleTimeout: number;
  /** Take the client's address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  createRate: 20,
  importRate: 10,
  joinRate: 60,
  writeRate: 600,
  streamsPerClient: 32,
  maxStreams: 5000,
  connectionsPerClient: 256,
  maxConnections: 10_000,
  headersTimeout: 10,
  requestTimeout: 60,
  idleTimeout: 10,
  trustProxy: false,
};

/** The limits in force: the defaults, with what `given` sets. */
export function limitsOf(given: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...given };
}

/** Fastify's options for the timeouts and the client address. */
export function serverOptions(limits: Limits) {
  return {
    trustProxy: limits.trustProxy,
    keepAliveTimeout: limits.idleTimeout * 1000,
    requestTimeout: limits.requestTimeout * 1000,
    http: {
      // Node refuses a headers timeout longer than the request's.
      headersTimeout: Math.min(limits.headersTimeout, limits.requestTimeout) * 1000,
      // Node checks the two timeouts this often (30 s by default, which held a slow client 90 s in all).
      connectionsCheckingInterval: 1000,
    },
  };
}

/** What a rate limit counts, for its message. */
type Kind = 'create' | 'import' | 'join' | 'write';
const COUNTED: Record<Kind, string> = {
  create: 'games created',
  import: 'games imported',
  join: 'joins',
  write: 'writes to games',
};

/** A route that changes a game: any method but GET/HEAD under /api/games/:id/, joining aside (its own rate). */
function writesToAGame(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return (
    methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m)) &&
    url.startsWith('/api/games/:id/') &&
    url !== '/api/games/:id/join'
  );
}

/**
 * The rate limits, one onRequest hook per kind: a route adds `onRequest: limit.create`. Routes that share a kind
 * share its count (one hook, one store). Every route that writes to a game, whoever adds it later (orders, ready,
 * admin controls, messages, bots), gets the write limit by itself. Over the limit: 429 `rate-limited` with
 * Retry-After.
 */
export async function rateLimits(
  app: FastifyInstance,
  limits: Limits,
): Promise<Record<Exclude<Kind, 'write'>, onRequestHookHandler[]>> {
  await app.register(rateLimit, { global: false });
  const hook = (kind: Kind, max: number): onRequestHookHandler[] =>
    max <= 0
      ? []
      : [
          app.rateLimit({
            max,
            timeWindow: 60_000,
            errorResponseBuilder: (_request, context) =>
              new Problem(
                429,
                'rate-limited',
                `at most ${max} ${COUNTED[kind]} a minute from one client; retry in ${context.after}`,
              ),
          }),
        ];
  const write = hook('write', limits.writeRate);
  app.addHook('onRoute', (route) => {
    if (write.length === 0 || !writesToAGame(route.method, route.url)) return;
    const before = route.onRequest;
    route.onRequest = [...write, ...(before === undefined ? [] : Array.isArray(before) ? before : [before])];
  });
  return {
    create: hook('create', limits.createRate),
    import: hook('import', limits.importRate),
    join: hook('join', limits.joinRate),
  };
}

/** Event streams open, by client and in all. */
export class StreamCaps {
  readonly #limits: Limits;
  readonly #byClient = new Map<string, number>();
  #total = 0;

  constructor(limits: Limits) {
    this.#limits = limits;
  }

  /**
   * Counts a new stream of `request`'s client, or refuses it: 429 over the client's share, 503 over the server's
   * (both `too-many-streams`, with Retry-After). Returns the function that gives the place back.
   */
  admit(request: FastifyRequest, reply: FastifyReply): () => void {
    const client = request.ip;
    const mine = this.#byClient.get(client) ?? 0;
    const { streamsPerClient, maxStreams } = this.#limits;
    if (mine >= streamsPerClient || this.#total >= maxStreams) {
      void reply.header('retry-after', '30');
      throw mine >= streamsPerClient
        ? new Problem(429, 'too-many-streams', `at most ${streamsPerClient} event streams from one client`)
        : new Problem(503, 'too-many-streams', `the server holds its most event streams (${maxStreams})`);
    }
    this.#byClient.set(client, mine + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#byClient.get(client) ?? 1) - 1;
      if (left === 0) this.#byClient.delete(client);
      else this.#byClient.set(client, left);
    };
  }
}

/**
 * Caps the connections of `server`: in all (Node closes those over `maxConnections` as they come) and per client,
 * where one over its share is told so (429 `too-many-connections`) and closed.
 */
export function capConnections(
  server: Server<typeof IncomingMessage, typeof ServerResponse>,
  limits: Limits,
) {
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  if (limits.connectionsPerClient <= 0 || limits.trustProxy) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = socket.remoteAddress ?? '';
    const count = (open.get(client) ?? 0) + 1;
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
    if (count > limits.connectionsPerClient) {
      const body = JSON.stringify(
        problemBody(
          429,
          'too-many-connections',
          `at most ${limits.connectionsPerClient} connections from one client`,
        ),
      );
      // Written, then closed: the HTTP parser never gets to answer on it.
      socket.write(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: ${PROBLEM_TYPE}\r\nRetry-After: 10\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    }
  });
}
