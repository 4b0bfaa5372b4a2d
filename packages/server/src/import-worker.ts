/**
 * The worker thread that reads and checks imported games (import-check.ts), so that a large import does not hold
 * up other requests: it receives `{ id, text }` (the game's JSON text) and answers `{ id, result }`.
 */
import { parentPort } from 'node:worker_threads';
import { checkImport, type ImportCheck } from './import-check.js';

function checkText(text: string): ImportCheck {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      status: 400,
      code: 'malformed-json',
      detail: `not JSON: ${(e as Error).message}`,
      issues: [],
    };
  }
  return checkImport(json);
}

parentPort?.on('message', (message: { id: number; text: string }) => {
  let result: ImportCheck;
  try {
    result = checkText(message.text);
  } catch (e) {
    result = { ok: false, status: 422, code: 'bad-game', detail: (e as Error).message, issues: [] };
  }
  parentPort?.postMessage({ id: message.id, result });
});
