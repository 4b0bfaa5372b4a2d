/**
 * A power's orders and readiness: its legal orders, its current orders, submitting them (checked by the core's
 * submitOrders, written only while the game is still in the phase they were checked against), and marking ready,
 * which processes the phase when it makes every power that must order ready.
 */
import {
  formatOrder,
  legalOrders,
  resolveRules,
  submitOrders,
  type Game,
  type GameMap,
  type Order,
  type SubmittedOrder,
} from 'dipkit';
import { type Db } from './db.js';
import { Problem, type ProblemIssue } from './problems.js';
import { mapOf, addEvent, phaseState, gameRow } from './rows.js';
import { callerPower, type Caller } from './access.js';
import { lockActiveGame, processLocked } from './processing.js';
import { everyoneReady } from './admin.js';
import { writeOrders } from './order-writes.js';

export async function legalFor(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ power: string; phase: string; orders: Record<string, string[]> }> {
  const power = callerPower(caller);
  const orders: Record<string, string[]> = {};
  if (caller.status === 'active') {
    const map = mapOf(caller.map);
    const { position } = await phaseState(db, id, caller.seq);
    const resolved = resolveRules('datc', caller.options.rules ?? []).value;
    // The orders that can succeed in the position (4.E.1 "possible now"), whatever the game's 4.E.1 choice: that
    // choice only decides which typed orders the adjudicator accepts (and judges as failing), while a player
    // choosing from a list wants "A PAR - BUR", not about 90 moves to every valid place. The other choices
    // (4.C.5's nationality, 4.A.6's paths) still shape the list, as they shape what is accepted.
    const rules = resolved === undefined ? undefined : { ...resolved, legalOrders: 'possible-now' as const };
    for (const o of legalOrders(map, position, rules === undefined ? { power } : { power, rules })) {
      const unit = o.unit === '' ? 'WAIVE' : o.unit;
      (orders[unit] ??= []).push(o.text);
    }
  }
  return { power, phase: caller.phase, orders };
}

export async function ordersFor(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ power: string; phase: string; orders: string[]; ready: boolean }> {
  const power = callerPower(caller);
  const r = await db.query<{ orders: SubmittedOrder[] | null; ready: boolean }>(
    `SELECT (SELECT o.orders FROM orders o WHERE o.game_id = $1 AND o.power = $2 AND o.seq = $3) AS orders,
            p.ready FROM players p WHERE p.game_id = $1 AND p.power = $2`,
    [id, power, caller.seq],
  );
  const row = r.rows[0];
  return {
    power,
    phase: caller.phase,
    orders: (row?.orders ?? []).map((o) => o.text),
    ready: row?.ready === true,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Orders and readiness

/** A structured order as the API takes it (the core's Order, checked by the request schema). */
export type OrderInput = string | Order;

/** Orders as lines of text: strings as given, structured orders written out by the core's formatter. */
function orderLines(map: GameMap, items: readonly OrderInput[]): string {
  return items
    .map((o, i) => {
      if (typeof o === 'string') return o;
      try {
        return formatOrder(map, o);
      } catch {
        throw new Problem(422, 'orders-rejected', `order ${i + 1} is not a complete order`, [
          {
            code: 'bad-order',
            message: 'the structured order is missing a part its kind needs',
            line: i + 1,
          },
        ]);
      }
    })
    .join('\n');
}

function rejected(issues: readonly ProblemIssue[]): Problem {
  const only = issues.length === 1 ? issues[0] : undefined;
  if (only && (only.code === 'wrong-phase' || only.code === 'game-over')) {
    return new Problem(409, only.code, only.message);
  }
  const list = issues.map((i) => {
    const out: ProblemIssue = { code: i.code, message: i.message };
    if (i.line !== undefined) out.line = i.line;
    if (i.column !== undefined) out.column = i.column;
    if (i.suggestions !== undefined && i.suggestions.length > 0) out.suggestions = i.suggestions;
    return out;
  });
  return new Problem(
    422,
    'orders-rejected',
    `${list.length} order${list.length === 1 ? '' : 's'} rejected; nothing was changed`,
    list,
  );
}

export async function submitFor(
  db: Db,
  caller: Caller,
  id: string,
  items: readonly OrderInput[],
  phase: string | undefined,
): Promise<{ power: string; phase: string; orders: string[]; ready: boolean }> {
  const power = callerPower(caller);
  const map = mapOf(caller.map);
  const text = orderLines(map, items);
  let seq = caller.seq;
  let verified = !caller.recent;
  for (let attempt = 0; attempt < 4; attempt++) {
    const state = await phaseState(db, id, seq);
    seq = state.seq;
    if (state.status !== 'active') {
      throw new Problem(409, 'game-over', `the game is over (${state.status}); no more orders are taken`);
    }
    const game: Game = {
      map: caller.map,
      options: caller.options,
      position: state.position,
      orders: [],
      history: [],
      status: state.status,
    };
    const result = submitOrders(map, game, power, text, phase === undefined ? {} : { phase });
    if (!result.value && !verified) {
      // The phase this instance last saw may be behind: read it, then judge the orders again.
      seq = (await gameRow(db, id)).seq;
      verified = true;
      continue;
    }
    if (!result.value) throw rejected(result.issues);
    const orders = result.value.orders;
    // Written only while the game is still in the phase the orders were checked against (order-writes.ts).
    const ready = await writeOrders(db, id, power, seq, JSON.stringify(orders));
    if (ready !== undefined) return { power, phase: state.phase, orders: orders.map((o) => o.text), ready };
    // The phase moved on meanwhile: check again against the new one (or refuse, when the caller named a phase).
    seq = (await gameRow(db, id)).seq;
    verified = true;
  }
  throw new Problem(
    409,
    'wrong-phase',
    'the phase changed while the orders were submitted; read the game and submit them again',
  );
}

export async function setReady(
  db: Db,
  caller: Caller,
  id: string,
  ready: boolean,
  phase: string | undefined,
  instance: string,
): Promise<{ power: string; phase: string; ready: boolean; processed: boolean; currentPhase: string }> {
  const power = callerPower(caller);
  return db.transaction(async (tx) => {
    const row = await lockActiveGame(tx, id, phase);
    await tx.query('UPDATE players SET ready = $3 WHERE game_id = $1 AND power = $2', [id, power, ready]);
    await addEvent(tx, id, 'ready', { power, ready, phase: row.phase });
    let processed = false;
    let now = row.phase;
    if (ready && (await everyoneReady(tx, row))) {
      now = await processLocked(tx, row, instance);
      processed = true;
    }
    return { power, phase: row.phase, ready, processed, currentPhase: now };
  });
}
