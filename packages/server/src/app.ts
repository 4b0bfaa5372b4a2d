/**
 * The HTTP API (Fastify): routes, request and response schemas (schemas.ts), problem responses, OpenAPI at
 * /openapi.json.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import responseValidation from '@fastify/response-validation';
import type { Db } from './db.js';
import { EventHub } from './events.js';
import { RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable } from './db-errors.js';
import { PROBLEM_TYPE, Problem, problemBody } from './problems.js';
import * as schemas from './schemas.js';
import * as access from './access.js';
import * as games from './games.js';
import * as orders from './orders.js';
import * as processing from './processing.js';
import * as messages from './messages.js';
import { DEFAULT_MESSAGE_RATE, type MessageRate } from './messages.js';
import { bearerToken } from './tokens.js';
import { webRoutes } from './web.js';
import type { DaideHub } from './daide/hub.js';
import { BotDriver, botRoutes } from './bots.js';
import { adminRoutes } from './admin.js';
import { importRoute } from './import-route.js';
import { mapBoardRoutes } from './map-board.js';
import { mapArtRoutes } from './map-art.js';
import { listGames, type ListFilter } from './listing.js';
import { capConnections, limitsOf, rateLimits, serverOptions, StreamCaps, type Limits } from './limits.js';
import {
  conventionOptions,
  methodNotAllowed,
  schemaErrorFormatter,
  validationProblem,
} from './http-conventions.js';

export interface AppOptions {
  db: Db;
  /** Names this instance in the phases it processes. */
  instance: string;
  /** Largest request body, in bytes (default 64 KiB; imports may be 64 times that). */
  bodyLimit?: number;
  /** The DAIDE server (serve --daide), which games created with `"daide": true` listen through. */
  daide?: DaideHub;
  /** Messages a power may send per window (default 30 per 60 s). */
  messageRate?: MessageRate;
  /** Rates, caps and timeouts (limits.ts; DEFAULT_LIMITS for what is not given). */
  limits?: Partial<Limits>;
}

type Params = { id: string };

/** Fastify's own errors, by code: the problem code and status they become. */
const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed-json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'empty-body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body-too-large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported-media-type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad-content-length'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'bad-content-type'],
};

function auth(db: Db, request: FastifyRequest<{ Params: Params }>): Promise<access.Caller> {
  return access.authenticate(db, request.params.id, bearerToken(request.headers.authorization));
}

/**
 * The power reading: the token's (from Authorization, or the `token` query parameter, which browsers' EventSource
 * needs), or undefined for no token and for the admin token. A token that is not one of the game's is refused.
 */
async function reader(db: Db, request: FastifyRequest<{ Params: Params }>): Promise<string | undefined> {
  const query = (request.query as { token?: string } | undefined)?.token;
  const token = bearerToken(request.headers.authorization) ?? (query === '' ? undefined : query);
  if (token === undefined) return undefined;
  return (await access.authenticate(db, request.params.id, token)).power;
}

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; events: EventHub }> {
  const { db, instance } = options;
  const messageRate = options.messageRate ?? DEFAULT_MESSAGE_RATE;
  const bodyLimit = options.bodyLimit ?? 64 * 1024;
  const limits = limitsOf(options.limits);
  const app = Fastify({
    bodyLimit,
    logger: false,
    // Requests are validated as sent: no type coercion, no silently dropped fields.
    // `verbose`: an error carries its schema and value, so its message can name the field and the values allowed.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, verbose: true } },
    schemaErrorFormatter,
    ...conventionOptions,
    ...serverOptions(limits),
  });
  methodNotAllowed(app);
  capConnections(app.server, limits);
  const limit = await rateLimits(app, limits);
  const streams = new StreamCaps(limits);
  const events = new EventHub(db);

  app.setErrorHandler((error: FastifyError | Problem, request, reply) => {
    let body;
    if (isDatabaseUnavailable(error)) {
      const problem = databaseUnavailable();
      body = problemBody(problem.status, problem.code, problem.message);
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (error instanceof Problem) {
      body = problemBody(error.status, error.code, error.message, error.issues);
    } else if ('validation' in error && error.validation) {
      body = validationProblem(error, request);
    } else {
      const known = FASTIFY_ERRORS[error.code];
      if (known) body = problemBody(known[0], known[1], error.message);
      else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        body = problemBody(error.statusCode, 'bad-request', error.message);
      } else {
        // A fault of the server or its database: logged here, and the client learns no internals.
        process.stderr.write(`dipkit serve: ${error.stack ?? error.message}\n`);
        body = problemBody(
          500,
          'internal-error',
          'the server failed to handle the request; it was not applied',
        );
      }
    }
    void reply.code(body.status).type(PROBLEM_TYPE).send(body);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'dipkit server',
        version: '1',
        description:
          'Diplomacy games over HTTP: create and join games, submit orders, processing at deadlines or when everyone is ready.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(responseValidation, { ajv: { coerceTypes: false, removeAdditional: false } });

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  webRoutes(app);
  mapBoardRoutes(app);
  mapArtRoutes(app);
  botRoutes(app, db, new BotDriver(db, instance).started());

  app.post('/api/games', { schema: schemas.createGame, onRequest: limit.create }, async (request, reply) => {
    const input = request.body as games.CreateInput;
    if (input.daide === true && !options.daide) {
      throw new Problem(
        422,
        'daide-off',
        'this server does not run DAIDE; start it with dipkit serve --daide',
      );
    }
    const created = await games.createGame(db, input);
    if (input.daide === true) await options.daide?.open(created.id);
    return reply.code(201).send(created);
  });
  await app.register(importRoute, { db, bodyLimit: bodyLimit * 64, onRequest: limit.import });
  app.get('/api/games', { schema: schemas.listGames }, async (request) => {
    const q = request.query as { status?: string; open?: string; limit?: string; before?: string };
    const filter: ListFilter = { open: q.open === 'true', limit: Math.min(500, Number(q.limit ?? 100)) };
    if (q.status !== undefined) filter.status = q.status;
    if (q.before !== undefined) filter.before = q.before;
    return listGames(db, filter);
  });
  app.get<{ Params: Params }>('/api/games/:id', { schema: schemas.readGame }, async (request) => {
    const q = request.query as { history?: string };
    return games.readGame(db, request.params.id, q.history !== 'false');
  });
  app.post<{ Params: Params }>(
    '/api/games/:id/join',
    { schema: schemas.joinGame, onRequest: limit.join },
    async (request) => {
      const body = request.body as { power?: string } | null | undefined;
      return access.joinGame(db, request.params.id, body?.power);
    },
  );
  app.get<{ Params: Params }>('/api/games/:id/legal', { schema: schemas.legalOrders }, async (request) =>
    orders.legalFor(db, await auth(db, request), request.params.id),
  );
  app.get<{ Params: Params }>('/api/games/:id/orders', { schema: schemas.readOrders }, async (request) =>
    orders.ordersFor(db, await auth(db, request), request.params.id),
  );
  app.put<{ Params: Params }>('/api/games/:id/orders', { schema: schemas.submitOrders }, async (request) => {
    const body = request.body as { orders: orders.OrderInput[]; phase?: string };
    // Known tokens need no read: the insert itself checks the phase (orders.submitFor).
    const caller = await access.authenticate(
      db,
      request.params.id,
      bearerToken(request.headers.authorization),
      true,
    );
    return orders.submitFor(db, caller, request.params.id, body.orders, body.phase);
  });
  app.post<{ Params: Params }>('/api/games/:id/ready', { schema: schemas.markReady }, async (request) => {
    const body = request.body as { ready: boolean; phase?: string };
    return orders.setReady(db, await auth(db, request), request.params.id, body.ready, body.phase, instance);
  });
  app.post<{ Params: Params }>('/api/games/:id/process', { schema: schemas.processNow }, async (request) => {
    const caller = await auth(db, request);
    if (caller.power !== undefined)
      throw new Problem(403, 'admin-only', 'only the admin token may process a phase');
    const body = request.body as { phase?: string } | null | undefined;
    return processing.processNow(db, request.params.id, body?.phase, instance);
  });
  adminRoutes(app, db, instance);
  app.get<{ Params: Params }>('/api/games/:id/export', { schema: schemas.exportGame }, async (request) => {
    const q = request.query as { format?: 'mila' | 'dipkit' };
    return games.exportGame(db, request.params.id, q.format ?? 'mila', await reader(db, request));
  });
  app.get<{ Params: Params }>(
    '/api/games/:id/map.svg',
    { schema: schemas.mapSvg },
    async (request, reply) => {
      const q = request.query as { phase?: string };
      const svg = await games.mapSvg(db, request.params.id, q.phase);
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
  app.get<{ Params: Params }>(
    '/api/games/:id/events',
    { schema: schemas.gameEvents },
    async (request, reply) => {
      const q = request.query as { since?: string };
      const header = request.headers['last-event-id'];
      const resume = typeof header === 'string' && /^[0-9]{1,9}$/.test(header) ? header : q.since;
      const release = streams.admit(request, reply);
      let since: number;
      let power: string | undefined;
      try {
        power = await reader(db, request);
        since = resume !== undefined ? Number(resume) : await games.lastEvent(db, request.params.id);
        if (resume !== undefined) await games.lastEvent(db, request.params.id); // 404 for an unknown game
      } catch (e) {
        release();
        throw e;
      }
      reply.raw.on('close', release);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      reply.raw.write('retry: 2000\n\n');
      events.subscribe(request.params.id, since, reply.raw, power);
    },
  );
  app.post<{ Params: Params }>(
    '/api/games/:id/messages',
    { schema: schemas.sendMessage },
    async (request, reply) => {
      const body = request.body as { to: string | string[]; text: string };
      try {
        const sent = await messages.sendMessage(
          db,
          await auth(db, request),
          request.params.id,
          body.to,
          body.text,
          messageRate,
        );
        return await reply.code(201).send(sent);
      } catch (e) {
        if (e instanceof messages.RateLimited) void reply.header('retry-after', String(e.retryAfter));
        throw e;
      }
    },
  );
  app.get<{ Params: Params }>(
    '/api/games/:id/messages',
    { schema: schemas.readMessages },
    async (request) => {
      const q = request.query as { since?: string; counterpart?: string };
      const options: { since?: number; counterpart?: string } = {};
      if (q.since !== undefined) options.since = Number(q.since);
      if (q.counterpart !== undefined) options.counterpart = q.counterpart;
      return {
        messages: await messages.listMessages(db, request.params.id, await reader(db, request), options),
      };
    },
  );

  return { app, events };
}
