/**
 * The web client's pages (packages/web, built into packages/web/dist/www): the lobby at /, a game at /games/{id},
 * the sandbox at /sandbox, the DATC gallery at /datc, and their scripts and stylesheet. Read from disk per request
 * (a handful of small files); when the web package is not built, the pages say so with a 404 problem.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Problem } from './problems.js';

/** packages/web/dist/www, from packages/server/dist/src. */
const WWW = fileURLToPath(new URL('../../../web/dist/www/', import.meta.url));

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

async function send(file: string): Promise<Buffer> {
  try {
    return await readFile(WWW + file);
  } catch {
    throw new Problem(404, 'web-not-built', `the web client is not built (npm run build): no ${file}`);
  }
}

export function webRoutes(app: FastifyInstance): void {
  const page = (route: string, file: string): void => {
    app.get(route, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(TYPES.html!).send(await send(file)),
    );
  };
  page('/', 'lobby.html');
  page('/games/:id', 'game.html');
  page('/sandbox', 'sandbox.html');
  page('/datc', 'gallery.html');
  // Pages link their assets relatively (so the sandbox also works as a file); the game page links them from /.
  app.get<{ Params: { file: string } }>(
    '/:file(^[a-z-]+\\.(?:js|css)$)',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = request.params.file;
      return reply.type(TYPES[file.slice(file.lastIndexOf('.') + 1)]!).send(await send(file));
    },
  );
}
