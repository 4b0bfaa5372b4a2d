/**
 * POST /api/games/import, in a Fastify scope of its own whose JSON body parser does not parse: the body comes as
 * the text it was sent (within the route's body limit: 413 beyond) and goes to the import worker as it is, which
 * reads it, checks the game and answers with the game's rows (import-thread.ts, import-worker.ts). So a large
 * import costs the main thread, which answers every other request meanwhile, no JSON parse nor stringify. The
 * rest of the body (the settings) comes back small, for the route's schema to check as before; a body that is not
 * JSON gets Fastify's own errors (400 malformed-json, empty-body), and another content type 415, as on every route.
 */
import { errorCodes, type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import type { Db } from './db.js';
import type { ImportCheck } from './import-check.js';
import { readImportText } from './import-thread.js';
import { importGame, type ImportInput } from './games.js';
import * as schemas from './schemas.js';

export interface ImportRouteOptions {
  db: Db;
  bodyLimit: number;
  onRequest: onRequestHookHandler[];
}

/** The worker's check of each request's game, from the body parser to the handler. */
const checks = new WeakMap<FastifyRequest, ImportCheck>();

/** A Fastify plugin (registered, so that the parser stays in its scope). */
export function importRoute(
  scope: FastifyInstance,
  options: ImportRouteOptions,
  done: (error?: Error) => void,
): void {
  const { db, bodyLimit, onRequest } = options;
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    async (request: FastifyRequest, text: string | Buffer) => {
      if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
      const reading = await readImportText(String(text));
      if (!reading.json) throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
      if (reading.check) checks.set(request, reading.check);
      return reading.body;
    },
  );
  scope.post(
    '/api/games/import',
    { schema: schemas.importGame, bodyLimit, onRequest },
    async (request, reply) => {
      // The schema requires an object `game`, and the worker checked every body that has one.
      const checked = checks.get(request);
      if (!checked) throw new Error('an import reached its handler without the check of its game');
      const created = await importGame(db, request.body as ImportInput, checked);
      return reply.code(201).send(created);
    },
  );
  done();
}
