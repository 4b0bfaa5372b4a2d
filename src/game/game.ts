/**
 * The game: the current position, the orders submitted for the current phase, the history of every phase played,
 * and whether the game is over.
 *
 * A `Game` is an immutable value. `submitOrders` and `processPhase` return a new game, or issues and no game; they
 * never change the game they are given, so a rejected input leaves the game exactly as it was.
 *
 * The year: Spring movement, Spring retreats, Fall movement, Fall retreats, Winter adjustments. A dislodged unit
 * with no retreat is disbanded at once, with the movement phase (option `unretreatable`, default 'disband'), and a
 * retreat phase with no dislodged unit left is skipped; so is an adjustment phase in which no power must disband and no power has a
 * build due with a free owned home centre to put it in (see `adjustmentPhaseNeeded`). Supply-centre ownership is
 * updated after the Fall retreats (after the Fall movement when the retreat phase is skipped) and at no other
 * time; victory is checked right then. Units without orders hold (movement), are disbanded (retreats) or are
 * chosen by the civil-disorder rule (adjustments: a power that orders too few disbands; missing builds are waived).
 */
import { issue, type Issue, type Result } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { mapIdOf } from '../map/id.js';
import { lookupPower, splitCoast } from '../map/query.js';
import { parseOrders } from '../orders/parse.js';
import { formatOrder } from '../orders/format.js';
import type { GivenOrder, Order } from '../orders/types.js';
import type { Position, Unit } from '../position/types.js';
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import {
  adjudicateAdjustments,
  rebuildNeutralArmies,
  type PowerAdjustment,
} from '../adjudication/adjustment.js';
import { isNeutral, unitOwnerName } from '../map/neutral.js';
import type { MovementResult, OrderOutcome } from '../adjudication/outcome.js';
import {
  adjustmentPhaseNeeded,
  adjustmentsDue,
  initialOwnership,
  ownerTable,
  retreatOptions,
  updateOwnership,
  winner,
} from './centers.js';
import { fallYear, firstPhase, phaseName, springYear } from './phases.js';
import type { GameMessage } from './messages.js';
import {
  DATC_PREFERRED,
  DEFAULT_FLOW,
  resolveRules,
  type RuleOptions,
  type Unretreatable,
} from '../adjudication/rules.js';

export type { Unretreatable } from '../adjudication/rules.js';

export interface GameOptions {
  /** Supply centres needed for a solo victory (the map's number, 18 on the standard map, by default). */
  victoryCenters: number;
  /** When set, the game ends in a draw once every phase of this year is played. */
  maxYear?: number;
  /**
   * The DATC rule choices the game is played with, as settings where they differ from the DATC preferences
   * ("4.A.2=all-hold"; see rules.ts and `dipkit rules`). Absent or empty: the DATC preferences.
   */
  rules?: string[];
  /**
   * What becomes of a dislodged unit that has no retreat. 'disband' (default): it is disbanded at once, with the
   * movement phase that dislodged it (the history says so: `disbanded` with reason "no retreat"), and a retreat
   * phase in which no unit can retreat is skipped, as dipcc, MILA and godip play. 'retreat-phase': it waits for the
   * retreat phase, where its only order is to disband (dipkit before this option existed).
   */
  unretreatable?: Unretreatable;
}

/** Why a unit was disbanded: see `DisbandedUnit`. */
export const DISBAND_REASONS = [
  'no retreat',
  'ordered',
  'no valid order',
  'retreat clash',
  'civil disorder',
  'neutral',
] as const;
export type DisbandReason = (typeof DISBAND_REASONS)[number];

/**
 * A unit disbanded in a phase, and why: "no retreat" (dislodged with nowhere to go: at once in the movement phase,
 * or in the retreat phase under `unretreatable: 'retreat-phase'`), "ordered" (a disband order), "no valid order" (a
 * dislodged unit without a legal retreat order), "retreat clash" (two or more retreats to one province), "civil
 * disorder" (too few disbands ordered in the adjustments), "neutral" (a dislodged neutral unit: disbanded at once
 * with the movement phase, whether or not it could retreat; `rules.neutralArmies`).
 */
export interface DisbandedUnit extends Unit {
  reason?: DisbandReason;
}

/** The rule options of a game (its settings were checked when the game was created or read). */
export function gameRules(options: GameOptions): RuleOptions {
  return resolveRules('datc', options.rules ?? []).value ?? DATC_PREFERRED;
}

/** An order as a power submitted it: the text, and what the parser read. */
export interface SubmittedOrder {
  power: string;
  text: string;
  order: Order;
}

export type GameStatus = 'active' | 'won' | 'draw';

/** A unit dislodged in a movement phase, and where it may retreat. */
export interface DislodgedRecord {
  /** "A MUN" */
  unit: string;
  power: string;
  /** The unit that dislodged it: "A BOH". */
  by: string;
  retreats: string[];
}

/** One phase played: where it started, the orders, and what became of them. */
export interface PhaseRecord {
  /** "S1901M" */
  name: string;
  /** The position at the start of the phase. */
  position: Position;
  /** Every order submitted, power by power in map order, each power's in the order submitted. */
  orders: SubmittedOrder[];
  /** One per order, parallel to `orders`: resolution and reason. */
  outcomes: OrderOutcome[];
  /** Movement phases: the units dislodged. */
  dislodged?: DislodgedRecord[];
  /**
   * The units disbanded, with the reason: in a movement phase the dislodged units that had no retreat (unless the
   * game keeps them for a retreat phase); in retreat and adjustment phases by order, for want of a (legal)
   * retreat, or by civil disorder.
   */
  disbanded?: DisbandedUnit[];
  /** Adjustment phases: builds (+) and disbands (-) due per power. */
  adjustments?: PowerAdjustment[];
  /** Adjustment phases: units removed by the civil-disorder rule. */
  civilDisorder?: Unit[];
  /**
   * Neutral armies rebuilt at the end of the year (`rules.neutralArmies`): by the adjustment phase or, when it is
   * skipped, with the phase that ended the Fall.
   */
  rebuilt?: Unit[];
}

export interface Game {
  /** An identifier, when the game has one (MILA/dipcc files carry `id`). */
  id?: string;
  /** The map's id ("standard", "coldwar": `mapIdOf` its name). */
  map: string;
  options: GameOptions;
  /** The current position; its phase is the current phase (or, once the game is over, the one that would follow). */
  position: Position;
  /** Orders submitted for the current phase. */
  orders: SubmittedOrder[];
  history: PhaseRecord[];
  status: GameStatus;
  /** The power that won, when `status` is "won". */
  winner?: string;
  /** Press: the messages powers wrote, oldest first (absent or empty in a game without press). */
  messages?: GameMessage[];
}

/** A new game on `map`: the Spring of its start year, the starting units, every power owning its home centres. */
export function newGame(map: GameMap, options: Partial<GameOptions> = {}): Game {
  const gameOptions: GameOptions = { victoryCenters: options.victoryCenters ?? map.victoryCenters };
  if (options.maxYear !== undefined) gameOptions.maxYear = options.maxYear;
  if (options.rules !== undefined && options.rules.length > 0) gameOptions.rules = [...options.rules];
  gameOptions.unretreatable = options.unretreatable ?? DEFAULT_FLOW.unretreatable;
  const units = sortUnits(
    map,
    map.startingUnits.map((u) => ({
      power: unitOwnerName(map, u.power),
      type: u.type,
      location: map.locationCode[u.location] ?? '',
    })),
  );
  return {
    map: mapIdOf(map.name),
    options: gameOptions,
    position: {
      phase: firstPhase(map),
      units,
      dislodged: [],
      contested: [],
      supplyCenters: initialOwnership(map),
    },
    orders: [],
    history: [],
    status: 'active',
  };
}

/** The name of the current phase: "S1901M". */
export function currentPhase(game: Game): string {
  return phaseName(game.position.phase);
}

/** Units in a stable order: by power (map order; neutral units last), then by location code. */
export function sortUnits<T extends Unit>(map: GameMap, units: readonly T[]): T[] {
  const rank = (power: string): number => {
    const i = map.powers.indexOf(power);
    return i >= 0 ? i : map.powers.length;
  };
  return [...units].sort(
    (a, b) =>
      rank(a.power) - rank(b.power) || (a.location < b.location ? -1 : a.location > b.location ? 1 : 0),
  );
}

/** "A PAR", "F STP/SC". */
export function unitText(unit: { type: string; location: string }): string {
  return `${unit.type} ${unit.location}`;
}

export interface SubmitOptions {
  /** The phase the orders are meant for ("S1901M"); when given, it must be the current phase. */
  phase?: string;
  /**
   * false (default): the orders replace every order the power gave before in this phase.
   * true: they are added, each replacing only an earlier order for the same unit (builds: for the same province).
   */
  add?: boolean;
}

/**
 * Submits orders for `power` in the current phase, as text (one order per line; a `POWER:` heading or prefix is
 * allowed when it names the same power). Every order is checked before anything changes; any problem gives
 * issues and no game. Issue codes: game-over, wrong-phase, unknown-power, the parser's codes (with line and
 * column), power-mismatch, order-not-for-phase, no-such-unit, not-your-unit.
 *
 * Orders that name an existing unit of the power but are impossible on the map (a move to a province that is not
 * adjacent, a build in a foreign centre, ...) are accepted: the adjudicator treats them as the DATC says (they are
 * ignored, 4.E.1) and the history records why.
 */
export function submitOrders(
  map: GameMap,
  game: Game,
  powerName: string,
  text: string,
  options: SubmitOptions = {},
): Result<Game> {
  if (game.status !== 'active') {
    return { issues: [issue('game-over', `the game is over (${game.status}); no more orders are taken`)] };
  }
  const current = currentPhase(game);
  if (options.phase !== undefined && options.phase.trim().toUpperCase() !== current) {
    return {
      issues: [
        issue('wrong-phase', `the orders are for ${options.phase} but the current phase is ${current}`),
      ],
    };
  }
  const powerIndex = lookupPower(map, powerName);
  const power = map.powers[powerIndex];
  if (power === undefined) return { issues: [issue('unknown-power', `unknown power "${powerName}"`)] };

  const parsed = parseOrders(map, text);
  const issues: Issue[] = [...parsed.issues];
  const lines = text.split(/\r\n|\r|\n/);
  const submitted: SubmittedOrder[] = [];
  for (const given of parsed.value ?? []) {
    const line = given.line;
    const at = (code: string, message: string): void => {
      issues.push(issue(code, message, line));
    };
    if (given.power !== undefined && given.power !== power) {
      at('power-mismatch', `an order for ${given.power} cannot be submitted as ${power}`);
      continue;
    }
    const problem = checkOrder(map, game.position, power, given.order);
    if (problem) {
      at(problem.code, problem.message);
      continue;
    }
    const raw = line === undefined ? undefined : lines[line - 1];
    submitted.push({ power, text: cleanText(raw) ?? formatOrder(map, given.order), order: given.order });
  }
  if (issues.length > 0) return { issues };
  let kept = game.orders.filter((o) => o.power !== power);
  let mine = game.orders.filter((o) => o.power === power);
  if (options.add === true) {
    // A waive replaces nothing; any other order replaces the earlier order for the same province.
    const key = (o: Order): number => (o.kind === 'waive' ? -1 : splitCoast(map, o.unit.location).province);
    const replaced = new Set(submitted.map((s) => key(s.order)).filter((k) => k >= 0));
    mine = mine.filter((o) => !replaced.has(key(o.order)));
  } else {
    mine = [];
  }
  kept = [...kept, ...mine, ...submitted];
  return { value: { ...game, orders: byPower(map, kept) }, issues: [] };
}

/** The order text as typed, trimmed and without a trailing comment; undefined when empty. */
function cleanText(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const text = raw
    .replace(/(#|\/\/).*$/, '')
    .trim()
    .replace(/\s+/g, ' ');
  return text === '' ? undefined : text;
}

/** Orders grouped by power in map order, keeping each power's own order. */
function byPower(map: GameMap, orders: readonly SubmittedOrder[]): SubmittedOrder[] {
  return map.powers.flatMap((p) => orders.filter((o) => o.power === p));
}

/** Whether `power` may give `order` in the phase of `position` at all (the unit exists and is its own). */
function checkOrder(
  map: GameMap,
  position: Position,
  power: string,
  order: Order,
): { code: string; message: string } | undefined {
  const type = position.phase.type;
  const allowed: Record<typeof type, readonly Order['kind'][]> = {
    movement: ['hold', 'move', 'support', 'convoy'],
    retreat: ['move', 'disband'],
    adjustment: ['build', 'disband', 'waive'],
  };
  if (!allowed[type].includes(order.kind)) {
    return {
      code: 'order-not-for-phase',
      message: `a ${order.kind} order cannot be given in ${type === 'adjustment' ? 'an' : 'a'} ${type} phase (${phaseName(position.phase)})`,
    };
  }
  if (order.kind === 'waive' || order.kind === 'build') return undefined;
  const province = splitCoast(map, order.unit.location).province;
  const units: readonly Unit[] = type === 'retreat' ? position.dislodged : position.units;
  const unit = units.find((u) => splitCoast(map, u.location).province === province);
  const where = map.locationCode[province] ?? order.unit.location;
  if (!unit) {
    return {
      code: 'no-such-unit',
      message:
        type === 'retreat'
          ? `there is no dislodged unit in ${where}`
          : `there is no unit in ${where} in ${phaseName(position.phase)}`,
    };
  }
  if (unit.power !== power || (order.unit.power !== undefined && order.unit.power !== power)) {
    return { code: 'not-your-unit', message: `${unitText(unit)} belongs to ${unit.power}, not ${power}` };
  }
  return undefined;
}

/** What playing one phase gives: the record for the history and the position after it. */
export interface PhaseResolution {
  record: PhaseRecord;
  /** The position of the next phase to play (empty phases already skipped). */
  next: Position;
  status: GameStatus;
  winner?: string;
}

/** Adjudicates a movement phase: `adjudicateMovement`, or another resolver with its signature. */
export type MovementAdjudicator = (
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: Partial<RuleOptions>,
) => Result<MovementResult>;

/**
 * Adjudicates one phase of `position` with `orders` and works out the next phase: skipped empty phases, the
 * supply-centre update after the Fall, victory, and the year limit. Issues only when the position itself is bad.
 * Movement phases are adjudicated by `movement` (default `adjudicateMovement`).
 */
export function resolvePhase(
  map: GameMap,
  position: Position,
  orders: readonly SubmittedOrder[],
  options: GameOptions,
  movement: MovementAdjudicator = adjudicateMovement,
): Result<PhaseResolution> {
  const given: GivenOrder[] = orders.map((o) => ({ power: o.power, order: o.order }));
  const rules = gameRules(options);
  const name = phaseName(position.phase);
  const { season, year } = position.phase;
  switch (position.phase.type) {
    case 'movement': {
      const result = movement(map, position, given, rules);
      if (!result.value) return { issues: result.issues };
      const record: PhaseRecord = {
        name,
        position,
        orders: [...orders],
        outcomes: result.value.orders,
        dislodged: result.value.dislodged.map((d) => ({
          unit: unitText(d),
          power: d.power,
          by: result.value?.units.find((u) => u.dislodged && u.location === d.location)?.dislodged?.by ?? '',
          retreats: isNeutral(map, d.power) ? [] : d.retreats,
        })),
      };
      const after = result.value.position;
      // A dislodged unit with no retreat is disbanded at once, unless the game keeps it for the retreat phase;
      // a dislodged neutral unit always is.
      const disbanding = (options.unretreatable ?? DEFAULT_FLOW.unretreatable) === 'disband';
      const noRetreat = new Set(
        result.value.dislodged
          .filter((d) => isNeutral(map, d.power) || (disbanding && d.retreats.length === 0))
          .map((d) => d.location),
      );
      if (noRetreat.size > 0) {
        record.disbanded = after.dislodged
          .filter((d) => noRetreat.has(d.location))
          .map((d) => ({
            power: d.power,
            type: d.type,
            location: d.location,
            reason: isNeutral(map, d.power) ? 'neutral' : 'no retreat',
          }));
      }
      const retreating = after.dislodged.filter((d) => !noRetreat.has(d.location));
      if (retreating.length > 0) {
        const next: Position = {
          ...after,
          units: sortUnits(map, after.units),
          dislodged: sortUnits(map, retreating),
        };
        return { value: { record, next, status: 'active' }, issues: [] };
      }
      return { value: withRebuilt(record, afterRetreats(map, after.units, position, options)), issues: [] };
    }
    case 'retreat': {
      const result = adjudicateRetreats(map, position, given, rules);
      if (!result.value) return { issues: result.issues };
      const record: PhaseRecord = {
        name,
        position,
        orders: [...orders],
        outcomes: result.value.orders,
        disbanded: retreatDisbands(map, position, result.value.orders, result.value.disbanded),
      };
      const following = afterRetreats(map, result.value.units, position, options);
      return { value: withRebuilt(record, following), issues: [] };
    }
    case 'adjustment': {
      const result = adjudicateAdjustments(map, position, given, rules);
      if (!result.value) return { issues: result.issues };
      const record: PhaseRecord = {
        name,
        position,
        orders: [...orders],
        outcomes: result.value.orders,
        disbanded: result.value.disbanded.map((u) => ({
          ...u,
          reason: (result.value?.civilDisorder ?? []).some((c) => c.location === u.location)
            ? 'civil disorder'
            : 'ordered',
        })),
        adjustments: result.value.adjustments,
        civilDisorder: result.value.civilDisorder,
      };
      if (result.value.rebuilt.length > 0) record.rebuilt = result.value.rebuilt;
      const spring = springYear(map.rules.calendar, year);
      const next: Position = {
        phase: { season: 'spring', year: spring, type: 'movement' },
        units: sortUnits(map, result.value.units),
        dislodged: [],
        contested: [],
        supplyCenters: position.supplyCenters,
      };
      return { value: { record, next, ...yearLimit(options, spring) }, issues: [] };
    }
  }
  return { issues: [issue('bad-phase', `unknown phase type in ${name} (${season})`)] };
}

/** The units disbanded in a retreat phase, each with the reason (see `DisbandedUnit`). */
function retreatDisbands(
  map: GameMap,
  position: Position,
  outcomes: readonly OrderOutcome[],
  disbanded: readonly Unit[],
): DisbandedUnit[] {
  const options = new Map(retreatOptions(map, position).map((r) => [r.unit.location, r.retreats]));
  return disbanded.map((u): DisbandedUnit => {
    const text = unitText(u);
    const outcome = outcomes.find((o) => o.unit === text && o.resolution !== 'illegal');
    const reason: DisbandReason =
      outcome?.reason.code === 'disbanded'
        ? 'ordered'
        : outcome?.reason.code === 'retreat-clash'
          ? 'retreat clash'
          : (options.get(u.location)?.length ?? 0) === 0
            ? 'no retreat'
            : 'no valid order';
    return { ...u, reason };
  });
}

/** Once the year limit is passed, the game is drawn. */
function yearLimit(options: GameOptions, nextYear: number): { status: GameStatus } {
  return { status: options.maxYear !== undefined && nextYear > options.maxYear ? 'draw' : 'active' };
}

/**
 * The position after the retreats of `from`'s season (or after its movement when no unit was dislodged): Fall
 * movement after the Spring; after the Fall, new supply-centre owners, victory, then Winter adjustments or, when
 * there is nothing to adjust, next Spring.
 */
function afterRetreats(
  map: GameMap,
  units: readonly Unit[],
  from: Position,
  options: GameOptions,
): AfterRetreats {
  const year = from.phase.year;
  const sorted = sortUnits(map, units);
  if (from.phase.season === 'spring') {
    return {
      next: {
        phase: { season: 'fall', year: fallYear(map.rules.calendar, year), type: 'movement' },
        units: sorted,
        dislodged: [],
        contested: [],
        supplyCenters: from.supplyCenters,
      },
      status: 'active',
    };
  }
  const supplyCenters = updateOwnership(map, sorted, from.supplyCenters);
  const winter: Position = {
    phase: { season: 'winter', year, type: 'adjustment' },
    units: sorted,
    dislodged: [],
    contested: [],
    supplyCenters,
  };
  const spring = springYear(map.rules.calendar, year);
  const skipped = !adjustmentPhaseNeeded(adjustmentsDue(map, winter));
  // A skipped adjustment phase still rebuilds the neutral armies it would have rebuilt.
  const rebuilt = skipped ? rebuildNeutralArmies(map, ownerTable(map, supplyCenters), sorted) : [];
  const next: Position = skipped
    ? {
        ...winter,
        phase: { season: 'spring', year: spring, type: 'movement' },
        units: rebuilt.length === 0 ? sorted : sortUnits(map, [...sorted, ...rebuilt]),
      }
    : winter;
  const extra = rebuilt.length === 0 ? {} : { rebuilt };
  const won = winner(map, supplyCenters, options.victoryCenters, year);
  if (won !== undefined) return { next, status: 'won', winner: won, ...extra };
  // The year ends here when the adjustment phase is skipped.
  const status = skipped ? yearLimit(options, spring) : { status: 'active' as const };
  return { next, ...status, ...extra };
}

/** What follows the retreats of a season: `PhaseResolution` without the record, and the neutral armies rebuilt. */
interface AfterRetreats {
  next: Position;
  status: GameStatus;
  winner?: string;
  rebuilt?: Unit[];
}

/** The resolution of a phase whose record is `record`: the neutral armies rebuilt go into the record. */
function withRebuilt(record: PhaseRecord, following: AfterRetreats): PhaseResolution {
  const { rebuilt, ...rest } = following;
  if (rebuilt !== undefined) record.rebuilt = rebuilt;
  return { record, ...rest };
}

/**
 * Plays the current phase with the orders submitted (powers without orders: units hold, dislodged units are
 * disbanded, adjustments by civil disorder) and returns the game at the next phase. Issue codes: game-over, and
 * the adjudicator's codes for a bad position.
 */
export function processPhase(map: GameMap, game: Game): Result<Game> {
  if (game.status !== 'active') {
    return {
      issues: [issue('game-over', `the game is over (${game.status}); there is no phase to process`)],
    };
  }
  const resolved = resolvePhase(map, game.position, game.orders, game.options);
  if (!resolved.value) return { issues: resolved.issues };
  const { record, next, status, winner: won } = resolved.value;
  const value: Game = {
    ...(game.id === undefined ? {} : { id: game.id }),
    map: game.map,
    options: game.options,
    position: next,
    orders: [],
    history: [...game.history, record],
    status,
  };
  if (won !== undefined) value.winner = won;
  if (game.messages !== undefined) value.messages = game.messages;
  return { value, issues: [] };
}

/** Orders submitted so far by `power` in the current phase. */
export function ordersOf(game: Game, power: string): SubmittedOrder[] {
  return game.orders.filter((o) => o.power === power);
}
