/**
 * Legal movement orders under rule options the fast enumeration (enumerate.ts) does not model: another 4.E.1
 * choice than "possible now" (4.E.1 a-c: impossible moves still legal, convoys over any seas), nationality
 * required for foreign units in supports and convoys (4.C.5 a), convoy paths required (4.A.6). Every canonical
 * candidate order of each unit is put to `checkMovementOrder` itself with the options; the accepted ones are
 * listed. Slow (milliseconds, not microseconds), and exact by construction.
 *
 * Candidates, as in the fast enumeration: hold; a move to every other province (a fleet's to every coast of a
 * multi-coast province; an army's also 'via convoy' where the destination is adjacent by land); a support of the
 * hold of every other unit and of its move to every location; by a fleet at sea, a convoy of every army to every
 * province (convoys by armies, of fleets or from the coast are illegal under every option).
 * Foreign units in supports and convoys carry their power when 4.C.5 requires it. Moves never name a convoy path,
 * so with 4.A.6 'required' no move by convoy is listed.
 */
import { compileBoard } from '../adjudication/board.js';
import { checkMovementOrder } from '../adjudication/movement/legality.js';
import type { RuleOptions } from '../adjudication/rules.js';
import type { Result } from '../issues.js';
import { armyAdjacent } from '../map/query.js';
import type { GameMap } from '../map/types.js';
import { unitOwnerName } from '../map/neutral.js';
import type { Order, UnitRef } from '../orders/types.js';
import type { Position } from '../position/types.js';
import { milaText } from './text.js';

export interface RulesListed {
  readonly power: string;
  readonly unit: string;
  readonly order: Order;
  readonly text: string;
}

/** Do these options make the fast enumeration differ from `checkMovementOrder`? */
export function needsRulesPath(rules: RuleOptions): boolean {
  return (
    rules.legalOrders !== 'possible-now' ||
    rules.missingNationality === 'illegal' ||
    rules.convoyPath === 'required'
  );
}

export function listMovementByRules(
  map: GameMap,
  position: Position,
  powerFilter: number,
  provinceFilter: number,
  rules: RuleOptions,
): Result<RulesListed[]> {
  const compiled = compileBoard(map, position.units);
  if (compiled.value === undefined) return { issues: compiled.issues };
  const board = compiled.value;
  const P = map.provinceCount;
  const codes = map.locationCode;
  const refOf = (u: number, ordering: number): UnitRef => {
    const ref: UnitRef = {
      type: board.unitType[u] === 0 ? 'A' : 'F',
      location: codes[board.unitLocation[u]!]!,
    };
    if (rules.missingNationality === 'illegal' && board.unitPower[u] !== ordering)
      ref.power = unitOwnerName(map, board.unitPower[u]!);
    return ref;
  };
  // Destinations as written: provinces for armies, and for fleets every location but a multi-coast province.
  const armyTargets = codes.slice(0, P);
  const fleetTargets = codes.filter((_, loc) => loc >= P || map.provinceCoasts[loc]!.length === 0);
  const out: RulesListed[] = [];
  for (let u = 0; u < board.unitCount; u++) {
    const power = board.unitPower[u]!;
    const here = board.unitProvince[u]!;
    if ((powerFilter >= 0 && power !== powerFilter) || (provinceFilter >= 0 && here !== provinceFilter))
      continue;
    if (power === map.neutralPower) continue; // a neutral unit takes no order
    const unit = refOf(u, power);
    const powerName = map.powers[power]!;
    const unitText = `${unit.type} ${unit.location}`;
    const candidates: Order[] = [{ kind: 'hold', unit }];
    const targets = board.unitType[u] === 0 ? armyTargets : fleetTargets;
    for (const to of targets) {
      candidates.push({ kind: 'move', unit, to });
      if (board.unitType[u] === 0 && armyAdjacent(map, here, map.locationProvince[codes.indexOf(to)]!)) {
        candidates.push({ kind: 'move', unit, to, viaConvoy: true });
      }
    }
    for (let v = 0; v < board.unitCount; v++) {
      if (v === u) continue;
      const other = refOf(v, power);
      candidates.push({ kind: 'support', unit, supported: other });
      for (const to of board.unitType[v] === 0 ? armyTargets : fleetTargets) {
        candidates.push({ kind: 'support', unit, supported: other, to });
      }
      if (board.unitType[u] === 1 && board.unitType[v] === 0 && map.convoyCapable[here] === 1) {
        for (const to of armyTargets) candidates.push({ kind: 'convoy', unit, army: other, to });
      }
    }
    for (const order of candidates) {
      if ('accepted' in checkMovementOrder(board, order, power, rules)) {
        out.push({ power: powerName, unit: unitText, order, text: milaText(order) });
      }
    }
  }
  out.sort((a, b) =>
    a.unit !== b.unit ? (a.unit < b.unit ? -1 : 1) : a.text < b.text ? -1 : a.text > b.text ? 1 : 0,
  );
  return { value: out, issues: [] };
}
