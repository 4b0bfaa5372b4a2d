/**
 * Is one order legal in a position's phase, and if not, why? Asks the very functions the adjudicators use, so the
 * two never disagree: `checkMovementOrder` in a movement phase, the retreat and adjustment adjudicators (given the
 * one order) in the other phases. The codes are the `IllegalReason`s of legality.ts (no-unit, foreign-unit,
 * not-adjacent, no-convoy-route, cannot-reach, coast-required, impossible-coast, wrong-phase,
 * supporter-needed-for-convoy, convoy-not-on-route, not-dislodged, retreat-contested, center-occupied, ...), plus
 * unknown-power for an order given by a power the map does not know, and the issue codes of the position when the
 * position itself is not a possible one (two-units-in-province, ...).
 *
 * Legality in the adjustment phase is that of the order alone: a build is legal when the power may build and the
 * centre is free, whatever other builds the power orders (too-many-builds is about a set of orders).
 */
import { adjudicateAdjustments } from '../adjudication/adjustment.js';
import { compileBoard } from '../adjudication/board.js';
import { checkMovementOrder } from '../adjudication/movement/legality.js';
import type { OrderOutcome } from '../adjudication/outcome.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import { withDefaults, type RuleOptions } from '../adjudication/rules.js';
import type { Issue, Result } from '../issues.js';
import { lookupPower } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position } from '../position/types.js';

export type Validation = { legal: true } | { legal: false; code: string; message: string };

const LEGAL: Validation = Object.freeze({ legal: true });

function fromIssues(issues: readonly Issue[]): Validation {
  const first = issues[0];
  return {
    legal: false,
    code: first?.code ?? 'bad-position',
    message: first?.message ?? 'the position cannot be read',
  };
}

function fromOutcome<T extends { orders: OrderOutcome[] }>(result: Result<T>): Validation {
  if (result.value === undefined) return fromIssues(result.issues);
  const outcome = result.value.orders[0];
  if (outcome === undefined) return LEGAL;
  if (outcome.resolution !== 'illegal') return LEGAL;
  const reason = outcome.reason;
  if (reason.code === 'illegal') return { legal: false, code: reason.rule, message: reason.message };
  return { legal: false, code: 'illegal', message: outcome.message };
}

/**
 * Whether `given` is legal in `position`'s phase under the rule options (the DATC preferences by default); if
 * not, a stable code and a message.
 */
export function validateOrder(
  map: GameMap,
  position: Position,
  given: GivenOrder,
  rules?: Partial<RuleOptions>,
): Validation {
  switch (position.phase.type) {
    case 'movement': {
      const board = compileBoard(map, position.units);
      if (board.value === undefined) return fromIssues(board.issues);
      const power = given.power === undefined ? -1 : lookupPower(map, given.power);
      if (given.power !== undefined && power < 0) {
        return { legal: false, code: 'unknown-power', message: `unknown power ${given.power}` };
      }
      const verdict = checkMovementOrder(board.value, given.order, power, withDefaults(rules));
      if ('accepted' in verdict) return LEGAL;
      return { legal: false, code: verdict.illegal.reason, message: verdict.illegal.message };
    }
    case 'retreat':
      return fromOutcome(adjudicateRetreats(map, position, [given], rules));
    case 'adjustment':
      return fromOutcome(adjudicateAdjustments(map, position, [given], rules));
  }
}
