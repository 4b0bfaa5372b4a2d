/**
 * GET /api/maps/{map}/art.json: a bundled map's art (the geometry format of docs/geometry.md), for the web pages,
 * which carry only the standard map's art and fetch a variant's when they show it (each is 40-140 KiB). The JSON
 * text is made once per process and may be cached by the browser.
 */
import type { FastifyInstance } from 'fastify';
import { bundledArt } from 'dipkit';
import { knownMap, mapParams } from './map-board.js';
import { Problem } from './problems.js';
import { problem } from './schemas.js';

const texts = new Map<string, string>();

/** The art of the bundled map `id` as JSON text; a problem for an unknown map or one drawn without art (Pure). */
export function mapArtText(id: string): string {
  const known = texts.get(id);
  if (known !== undefined) return known;
  knownMap(id);
  const art = bundledArt(id);
  if (art === undefined)
    throw new Problem(
      404,
      'no-art',
      `the map "${id}" has no art of its own: it is drawn by the schematic layout`,
    );
  const text = JSON.stringify(art);
  texts.set(id, text);
  return text;
}

export function mapArtRoutes(app: FastifyInstance): void {
  app.get<{ Params: { map: string } }>(
    '/api/maps/:map/art.json',
    {
      schema: {
        summary: "A bundled map's art: its provinces' shapes, labels and anchors (docs/geometry.md)",
        tags: ['maps'],
        params: mapParams,
        response: {
          200: {
            description: 'the geometry: viewBox, arcs, provinces, anchors, supplyCenters, land, water',
            type: 'object',
            additionalProperties: true,
          },
          '4xx': problem,
          '5xx': problem,
        },
      },
    },
    async (request, reply) => {
      const text = mapArtText(request.params.map);
      // Sent as text (made once): a string payload skips serialisation and response validation.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(text);
    },
  );
}
