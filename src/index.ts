/**
 * dipkit: a DATC-compliant Diplomacy adjudicator. The public API, re-exports only.
 *
 * Start with `standardMap()`, read orders with `parseOrders`, adjudicate a phase with `adjudicateMovement`,
 * `adjudicateRetreats` or `adjudicateAdjustments`, choose DATC rule options with `resolveRules`, list legal
 * orders with `legalOrders`, and run whole games with `newGame`/`submitOrders`/`processPhase`. For millions of
 * phases, the integer form: `legalOrderCodes` and `resolveMovementCodes` (orders/codes.ts).
 */
export type { Issue, Result } from './issues.js';
export { IssuesError, formatIssue } from './issues.js';

export type {
  GameMap,
  MapDefinition,
  ProvinceDefinition,
  PowerDefinition,
  UnitType,
  ProvinceKind,
  OneWayEdge,
} from './map/types.js';
export { compileMap, compileMapOrThrow, standardMap } from './map/compile.js';
export { bundledMapIds, bundledMap, mapByName } from './map/registry.js';
export { mapIdOf } from './map/id.js';
export { buildAllowed } from './map/builds.js';
export { displayName } from './map/display-name.js';
export { NEUTRAL, isNeutral, unitOwnerIndex, unitOwnerName, unitOwnerNames } from './map/neutral.js';
export {
  armyAdjacent,
  fleetAdjacent,
  fleetCanReach,
  lookupLocation,
  lookupPower,
  lookupProvince,
  splitCoast,
} from './map/query.js';

export type { Order, OrderKind, UnitRef, GivenOrder } from './orders/types.js';
export { parseOrder, parseOrders, parseOrdersOrThrow } from './orders/parse.js';
export { formatOrder, formatGivenOrder, formatLocation, type OrderStyle } from './orders/format.js';

export type { Position, Unit, DislodgedUnit, Phase, Season, PhaseType } from './position/types.js';

export type {
  MovementResult,
  OrderOutcome,
  UnitOutcome,
  Resolution,
  Reason,
  Dislodgement,
  OpposingStrength,
} from './adjudication/outcome.js';
export {
  adjudicateMovement,
  resolveMovement,
  type EngineOptions,
  type ResolverName,
} from './adjudication/movement/adjudicate.js';
export { adjudicateRetreats, type RetreatResult } from './adjudication/retreat.js';
export { adjudicateHaplomacy } from './adjudication/haplomacy/adjudicate.js';
export {
  adjudicateAdjustments,
  rebuildNeutralArmies,
  type AdjustmentResult,
  type PowerAdjustment,
} from './adjudication/adjustment.js';
export type { IllegalReason } from './adjudication/movement/legality.js';
export {
  DATC_PREFERRED,
  PRESETS,
  RULE_ISSUES,
  resolveRules,
  withDefaults,
  describeRules,
  presetFlow,
  type GameFlow,
  type RuleOptions,
  type RuleKey,
} from './adjudication/rules.js';

export {
  legalOrders,
  validateOrder,
  type LegalOrder,
  type LegalOrderOptions,
  type Validation,
} from './legal/enumerate.js';
export { legalOrderCodes, newOrderCodeList, type OrderCodeList } from './legal/enumerate.js';
export {
  ORDER_STRIDE,
  POWER_FIELD,
  KIND_FIELD,
  UNIT_FIELD,
  OTHER_FIELD,
  TO_FIELD,
  HOLD,
  MOVE,
  MOVE_VIA,
  SUPPORT_HOLD,
  SUPPORT_MOVE,
  CONVOY,
  RETREAT,
  DISBAND,
  BUILD,
  WAIVE,
  ARMY,
  FLEET,
  unitKey,
  keyLocation,
  keyType,
  keyText,
  decodeOrder,
  orderCodeText,
  encodeUnits,
  encodeOrders,
} from './orders/codes.js';
export {
  resolveMovementCodes,
  newMovementCodesResult,
  UNIT_STRIDE,
  type MovementCodesResult,
} from './adjudication/movement/codes.js';

export {
  newGame,
  submitOrders,
  processPhase,
  currentPhase,
  ordersOf,
  type Game,
  type GameOptions,
  type Unretreatable,
  type DisbandedUnit,
  type DisbandReason,
  type GameStatus,
  type PhaseRecord,
  type SubmittedOrder,
} from './game/game.js';
export {
  adjustmentsDue,
  centerCounts,
  retreatOptions,
  winner,
  type PowerAdjustments,
} from './game/centers.js';
export {
  phaseName,
  parsePhaseName,
  nextPhase,
  firstPhase,
  fallYear,
  springYear,
  fallYearOfTurn,
} from './game/phases.js';
export { seededRandom } from './selfplay/random-player.js';
export { replay, formatReplay, type ReplayReport } from './game/replay.js';
export { readGameJson, writeGameJson, gameToJson, gameFromJson, mapNamed } from './formats/game-json.js';
export {
  readMilaJson,
  writeMilaJson,
  gameToMila,
  looksLikeMila,
  recordedFromMila,
} from './formats/mila-json.js';
export { recordedFromGame, type RecordedGame } from './game/history.js';
export {
  ALL,
  MAX_MESSAGE_LENGTH,
  mayRead,
  messageTextProblem,
  messagesOfPhase,
  readRecipients,
  recipientsOf,
  type GameMessage,
} from './game/messages.js';
export { readJdipCases, type JdipCase } from './formats/jdip.js';
export { readPositionText, positionTextMap } from './formats/position-text.js';

export { renderSvg, type RenderOptions, type RenderResult } from './render/svg.js';
export {
  readGeometry,
  type MapGeometry,
  type BoardGeometry,
  type ImpassableArea,
  type Point,
} from './render/geometry.js';
export { schematicGeometry } from './render/schematic.js';
export { artKind, defaultGeometry } from './render/standard.js';
export { bundledArt, mapsWithArt } from './render/art.js';

// The DATC v3.2 case runner (used by `dipkit datc`, the tests and the web gallery) and one phase of play.
export {
  readDatcJson,
  readErrata,
  applyErrata,
  type DatcCase,
  type DatcLine,
  type Erratum,
} from './datc/cases.js';
export {
  prepareCase,
  runCase,
  datcWords,
  caseDifferences,
  CaseError,
  type PreparedCase,
  type CaseRun,
} from './datc/run.js';
export { resolvePhase, type PhaseResolution } from './game/game.js';
export {
  phaseMarks,
  resultLines,
  dislodgementText,
  type PhaseMarks,
  type PlayedPhase,
  type ResultLine,
} from './game/phase-story.js';
// The simulation: a mutable game state in integer form for self-play and search (src/sim).
export {
  Simulation,
  simulationSettings,
  ACTIVE,
  WON,
  DRAW,
  SPRING,
  FALL,
  WINTER,
  PHASE_MOVEMENT,
  PHASE_RETREAT,
  PHASE_ADJUSTMENT,
  type SimulationOptions,
  type SimulationSettings,
} from './sim/state.js';
export { simulationFromGame, simulationToGame, SimulationLog, toPosition } from './sim/convert.js';
export { codedPosition, type CodedPosition } from './position/coded.js';
export { chooseRandomOrders, giveRandomOrders, playRandomGame } from './selfplay/random-player.js';
