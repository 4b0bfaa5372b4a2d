/**
 * The worker thread that reads and checks imported games (import-check.ts), so that a large import does not hold
 * up other requests: it receives `{ id, text }`, the import request's body as it came, and answers `{ id,
 * reading }`: whether it was JSON (read as Fastify reads JSON: prototype poisoning refused), the body with its
 * game set aside (the route's schema checks the rest), and the game's check.
 */
import { parentPort } from 'node:worker_threads';
import secureJson from 'secure-json-parse';
import { checkImport, type ImportCheck } from './import-check.js';

export type ImportReading = { json: false } | { json: true; body: unknown; check?: ImportCheck };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readImport(text: string): ImportReading {
  let body: unknown;
  try {
    body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { json: false };
  }
  if (!isObject(body) || !isObject(body['game'])) return { json: true, body };
  let check: ImportCheck;
  try {
    check = checkImport(body['game']);
  } catch (e) {
    check = { ok: false, status: 422, code: 'bad-game', detail: (e as Error).message, issues: [] };
  }
  // The game goes back as its rows (in `check`), not as the object it was read into.
  return { json: true, body: { ...body, game: {} }, check };
}

parentPort?.on('message', (message: { id: number; text: string }) => {
  parentPort?.postMessage({ id: message.id, reading: readImport(message.text) });
});
