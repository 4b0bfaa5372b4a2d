/**
 * GET /api/maps/{map}/board.svg: a bundled map's board at the start, as the lobby shows it beside the map choice.
 * Drawn here rather than in the browser so the lobby's script does not carry every map's art (tens of KiB each);
 * each board is drawn once per process (a map's start never changes) and may be cached by the browser.
 */
import type { FastifyInstance } from 'fastify';
import { bundledMap, bundledMapIds, newGame, renderSvg, type GameMap } from 'dipkit';
import { Problem } from './problems.js';
import { problem } from './schemas.js';

const drawn = new Map<string, string>();

/** The bundled map `id`; a 404 unknown-map problem naming the maps there are when there is none. */
export function knownMap(id: string): GameMap {
  const map = bundledMap(id);
  if (map) return map;
  const ids = bundledMapIds().join(', ');
  throw new Problem(404, 'unknown-map', `there is no bundled map "${id}"; the maps are ${ids}`);
}

/** The path parameters of a /api/maps/{map}/... route. */
export const mapParams = {
  type: 'object',
  properties: { map: { type: 'string', pattern: '^[a-z0-9]{1,40}$', description: 'a map id' } },
  required: ['map'],
  additionalProperties: false,
} as const;

/** The SVG of the start of the bundled map `id`, drawn on first use. */
export function startBoard(id: string): string {
  const known = drawn.get(id);
  if (known !== undefined) return known;
  const map = knownMap(id);
  const svg = renderSvg(map, newGame(map).position, { showOrders: false });
  drawn.set(id, svg);
  return svg;
}

export function mapBoardRoutes(app: FastifyInstance): void {
  app.get<{ Params: { map: string } }>(
    '/api/maps/:map/board.svg',
    {
      schema: {
        summary: "A bundled map's board at the start, as SVG (the lobby's thumbnail)",
        tags: ['maps'],
        params: mapParams,
        produces: ['image/svg+xml'],
        response: {
          200: { description: 'an SVG document (image/svg+xml)', type: 'string' },
          '4xx': problem,
          '5xx': problem,
        },
      },
    },
    async (request, reply) => {
      const svg = startBoard(request.params.map);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(svg);
    },
  );
}
