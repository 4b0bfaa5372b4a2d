/**
 * What a click or a key does while a player enters orders, without the DOM (order-panel.ts and game.ts draw it):
 * the power's legal orders read into choices by province; the step of the entry (nothing chosen, a unit chosen,
 * a unit chosen and another unit it is to support or convoy); the provinces to highlight at each step; the order
 * a click on a province gives; the buttons that give the same orders from the keyboard.
 *
 * The click grammar (movement): a unit, then a highlighted province moves it there; the unit again holds; another
 * unit it can support or convoy: that unit, then that unit again (support of its hold) or the province it is to
 * move to (support of the move, or the convoy). A click on a unit that is also a move destination writes the move
 * at once (an attack, or following a unit out), so the support is the second click's meaning, never the first's;
 * after such a move, a click on another of the player's units orders that unit (the move was likely meant), and
 * a click anywhere that gives no order ends the entry without changing anything written.
 */
import { armyAdjacent, parseOrders, splitCoast, type GameMap, type Order, type UnitRef } from 'dipkit';

/** One legal order: its canonical text (as the server listed it) and what it says. */
export interface Choice {
  readonly text: string;
  readonly order: Order;
}

export type PhaseKind = 'movement' | 'retreat' | 'adjustment';

/** The legal orders of a power, ready for clicks. */
export interface Orderable {
  /** By the province of the unit ordered or built: "STP" holds "F STP/NC B", "F STP/SC B" and "A STP B". */
  readonly byProvince: ReadonlyMap<string, readonly Choice[]>;
  /** The waive, when the power may decline a build. */
  readonly waive: Choice | undefined;
}

/** The entry under way. */
export type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'unit'; readonly province: string }
  /**
   * `province`'s unit is to support or convoy the unit in `other`; `moved` when the click that chose `other` also
   * wrote a move there.
   */
  | { readonly kind: 'other'; readonly province: string; readonly other: string; readonly moved?: boolean };

export const IDLE: Step = { kind: 'idle' };

/** The province code of a location code ("STP/SC" -> "STP"); the text itself when the map does not know it. */
export function provinceOf(map: GameMap, location: string): string {
  const p = splitCoast(map, location).province;
  return p < 0 ? location : map.locationCode[p]!;
}

/** The server's legal orders (`GET .../legal`: texts by unit) read into choices by province. */
export function readLegal(map: GameMap, legal: Readonly<Record<string, readonly string[]>>): Orderable {
  const texts = Object.values(legal).flat();
  const read = parseOrders(map, texts.join('\n')).value ?? [];
  const byProvince = new Map<string, Choice[]>();
  let waive: Choice | undefined;
  for (const given of read) {
    const text = texts[(given.line ?? 0) - 1];
    if (text === undefined) continue;
    const order = given.order;
    if (order.kind === 'waive') {
      waive = { text, order };
      continue;
    }
    const province = provinceOf(map, order.unit.location);
    let list = byProvince.get(province);
    if (!list) byProvince.set(province, (list = []));
    list.push({ text, order });
  }
  return { byProvince, waive };
}

function choicesAt(o: Orderable, province: string): readonly Choice[] {
  return o.byProvince.get(province) ?? [];
}

/** The destination province of a move, support of a move, convoy or retreat; undefined for the others. */
function destination(map: GameMap, order: Order): string | undefined {
  return (order.kind === 'move' || order.kind === 'support' || order.kind === 'convoy') &&
    order.to !== undefined
    ? provinceOf(map, order.to)
    : undefined;
}

/** The unit a support or convoy is for. */
function otherUnit(order: Order): UnitRef | undefined {
  return order.kind === 'support' ? order.supported : order.kind === 'convoy' ? order.army : undefined;
}

/** An army's move that needs a convoy: 'via convoy', or to a province it cannot reach by land. */
export function byConvoy(map: GameMap, order: Order): boolean {
  if (order.kind !== 'move' || order.unit.type !== 'A') return false;
  if (order.viaConvoy === true) return true;
  const from = splitCoast(map, order.unit.location).province;
  const to = splitCoast(map, order.to).province;
  return !armyAdjacent(map, from, to);
}

/** The unit's moves (or retreats) into `province`: the one by land (or the only one) first, 'via convoy' after. */
function movesTo(map: GameMap, choices: readonly Choice[], province: string): Choice[] {
  const moves = choices.filter((c) => c.order.kind === 'move' && destination(map, c.order) === province);
  return moves.sort((a, b) => Number(byConvoy(map, a.order)) - Number(byConvoy(map, b.order)));
}

/** The unit's supports and convoys of the unit in `other`. */
function withOther(map: GameMap, choices: readonly Choice[], other: string): Choice[] {
  return choices.filter((c) => {
    const unit = otherUnit(c.order);
    return unit !== undefined && provinceOf(map, unit.location) === other;
  });
}

/** What a click gives: an order to write (in place of the unit's), others it could have meant, the next step. */
export interface Click {
  readonly order?: Choice;
  /** Offered as buttons after the click: a move 'via convoy' beside the one by land, a convoy beside a support. */
  readonly alternatives: readonly Choice[];
  readonly next: Step;
}

/** A click (or tap) on `province` at `step`. */
export function clickOn(map: GameMap, o: Orderable, step: Step, province: string, phase: PhaseKind): Click {
  if (step.kind === 'other') {
    const mine = withOther(map, choicesAt(o, step.province), step.other);
    if (province === step.other) {
      const hold = mine.find((c) => c.order.kind === 'support' && c.order.to === undefined);
      return hold ? { order: hold, alternatives: [], next: IDLE } : { alternatives: [], next: IDLE };
    }
    const ending = mine.filter((c) => destination(map, c.order) === province);
    const anotherOfMine = province !== step.province && o.byProvince.has(province);
    if (ending.length > 0 && !(step.moved === true && anotherOfMine)) {
      // A support before a convoy of the same army to the same place: the move by land is the likelier one.
      const [first, ...rest] = [
        ...ending.filter((c) => c.order.kind === 'support'),
        ...ending.filter((c) => c.order.kind !== 'support'),
      ];
      return { order: first!, alternatives: rest, next: IDLE };
    }
    return clickOn(map, o, IDLE, province, phase);
  }
  if (step.kind === 'unit') {
    const mine = choicesAt(o, step.province);
    if (province === step.province) {
      const hold = mine.find((c) => c.order.kind === 'hold');
      return hold ? { order: hold, alternatives: [], next: IDLE } : { alternatives: [], next: IDLE };
    }
    const [move, ...via] = movesTo(map, mine, province);
    if (withOther(map, mine, province).length > 0)
      return {
        ...(move ? { order: move } : {}),
        alternatives: via,
        next: { kind: 'other', province: step.province, other: province, moved: move !== undefined },
      };
    if (move) return { order: move, alternatives: via, next: IDLE };
  }
  const there = choicesAt(o, province);
  if (there.length === 0) return { alternatives: [], next: IDLE };
  // A removal, an inland build, a retreat with nowhere to go: the one order at once.
  if (there.length === 1 && phase !== 'movement') return { order: there[0]!, alternatives: [], next: IDLE };
  return { alternatives: [], next: { kind: 'unit', province } };
}

/** The provinces to mark on the board at `step`. */
export interface Highlights {
  /** The unit being ordered. */
  readonly selected?: string;
  /** The unit being supported or convoyed. */
  readonly other?: string;
  /** Destinations by land (or by sea, for a fleet; retreats too). */
  readonly reachable: readonly string[];
  /** Destinations by convoy (also reachable by land when in `reachable` too). */
  readonly byConvoy: readonly string[];
  /** Where the supported or convoyed unit may go with this unit's help. */
  readonly targets: readonly string[];
  /** Provinces with something to order (build sites in winter, dislodged units in a retreat phase). */
  readonly sites: readonly string[];
}

export function highlightsOf(map: GameMap, o: Orderable, step: Step, phase: PhaseKind): Highlights {
  const none = { reachable: [], byConvoy: [], targets: [], sites: [] };
  if (step.kind === 'idle') return phase === 'movement' ? none : { ...none, sites: [...o.byProvince.keys()] };
  const mine = choicesAt(o, step.province);
  if (step.kind === 'other') {
    const targets = withOther(map, mine, step.other).flatMap((c) => destination(map, c.order) ?? []);
    return { ...none, selected: step.province, other: step.other, targets: [...new Set(targets)] };
  }
  const reachable = new Set<string>();
  const convoyed = new Set<string>();
  for (const c of mine) {
    const to = c.order.kind === 'move' ? destination(map, c.order) : undefined;
    if (to !== undefined) (byConvoy(map, c.order) ? convoyed : reachable).add(to);
  }
  return { ...none, selected: step.province, reachable: [...reachable], byConvoy: [...convoyed] };
}

/** A button of the panel: it gives an order, or goes to a step. */
export interface PanelItem {
  readonly label: string;
  /** The words a screen reader and a hover read. */
  readonly title: string;
  readonly choice?: Choice;
  readonly step?: Step;
}

export interface PanelGroup {
  readonly label: string;
  readonly items: readonly PanelItem[];
}

export interface Panel {
  /** What to click next, in words. */
  readonly prompt: string;
  readonly groups: readonly PanelGroup[];
  /** The step a Back button returns to. */
  readonly back?: Step;
}

const COASTS: Record<string, string> = {
  NC: 'north coast',
  SC: 'south coast',
  EC: 'east coast',
  WC: 'west coast',
};

/** "Fleet, north coast" for the build "F STP/NC B". */
function buildLabel(map: GameMap, unit: UnitRef): string {
  const coast = splitCoast(map, unit.location).coast;
  const kind = unit.type === 'F' ? 'Fleet' : 'Army';
  return coast ? `${kind}, ${COASTS[coast] ?? coast}` : kind;
}

function unitText(unit: UnitRef): string {
  return `${unit.power ? `${unit.power} ` : ''}${unit.type ?? ''} ${unit.location}`.trim();
}

function placeItem(map: GameMap, c: Choice, to: string): PanelItem {
  const name = map.provinceName[splitCoast(map, to).province] ?? to;
  const convoy = byConvoy(map, c.order);
  const via = c.order.kind === 'move' && c.order.viaConvoy === true;
  return {
    label: via ? `${to} via convoy` : convoy ? `${to} by convoy` : to,
    title: `${c.text} (${name}${convoy ? ', by convoy' : ''})`,
    choice: c,
  };
}

/** The buttons of `step`: the keyboard's way to every order a click gives. */
export function panelOf(map: GameMap, o: Orderable, step: Step, phase: PhaseKind): Panel {
  if (step.kind === 'idle') {
    const waive = o.waive
      ? [
          {
            label: 'Extra',
            items: [{ label: 'Waive a build', title: 'WAIVE: decline one build', choice: o.waive }],
          },
        ]
      : [];
    const prompt =
      phase === 'adjustment'
        ? 'Click a highlighted province (or choose it in the list) to build or remove there.'
        : phase === 'retreat'
          ? 'Click one of your dislodged units (or choose it in the list) to retreat or disband it.'
          : 'Click one of your units (or choose it in the list) to order it.';
    return { prompt, groups: waive };
  }
  const mine = choicesAt(o, step.province);
  if (step.kind === 'other') {
    const supports = withOther(map, mine, step.other);
    const unit = otherUnit(supports[0]?.order ?? { kind: 'waive' });
    const name = unit ? unitText(unit) : step.other;
    const support = supports.filter((c) => c.order.kind === 'support');
    const convoy = supports.filter((c) => c.order.kind === 'convoy');
    const groups: PanelGroup[] = [];
    if (support.length > 0)
      groups.push({
        label: `Support ${name}`,
        items: support.map((c) => {
          const to = c.order.kind === 'support' ? c.order.to : undefined;
          return to === undefined
            ? { label: 'to hold', title: c.text, choice: c }
            : { ...placeItem(map, c, to), label: `to ${to}` };
        }),
      });
    if (convoy.length > 0)
      groups.push({
        label: `Convoy ${name} to`,
        items: convoy.map((c) => placeItem(map, c, c.order.kind === 'convoy' ? c.order.to : '')),
      });
    const holdWords = support.some((c) => c.order.kind === 'support' && c.order.to === undefined)
      ? `${name} again to support its hold, or `
      : '';
    const self = selectedText(mine);
    const verb = support.length > 0 ? 'support' : 'convoy';
    return {
      prompt:
        step.moved === true
          ? `${self} moves to ${step.other}. To ${verb} ${name} instead, click ${holdWords}a highlighted province; or choose:`
          : `${self} to ${verb} ${name}: click ${holdWords}a highlighted province; or choose:`,
      groups,
      back: { kind: 'unit', province: step.province },
    };
  }
  const self = selectedText(mine);
  const groups: PanelGroup[] = [];
  const hold = mine.filter((c) => c.order.kind === 'hold');
  const moves = mine.filter((c) => c.order.kind === 'move');
  const disband = mine.filter((c) => c.order.kind === 'disband');
  const builds = mine.filter((c) => c.order.kind === 'build');
  if (hold.length > 0)
    groups.push({ label: '', items: [{ label: 'Hold', title: hold[0]!.text, choice: hold[0]! }] });
  if (moves.length > 0)
    groups.push({
      label: phase === 'retreat' ? 'Retreat to' : 'Move to',
      items: moves.map((c) => placeItem(map, c, c.order.kind === 'move' ? c.order.to : '')),
    });
  const others = new Map<string, { unit: UnitRef; kinds: Set<string> }>();
  for (const c of mine) {
    const unit = otherUnit(c.order);
    if (!unit) continue;
    const at = provinceOf(map, unit.location);
    const entry = others.get(at) ?? { unit, kinds: new Set<string>() };
    entry.kinds.add(c.order.kind);
    others.set(at, entry);
  }
  for (const kind of ['support', 'convoy']) {
    const items = [...others]
      .filter(([, e]) => e.kinds.has(kind))
      .map(([at, e]): PanelItem => ({
        label: unitText(e.unit),
        title: `${kind} ${unitText(e.unit)}`,
        step: { kind: 'other', province: step.province, other: at },
      }));
    if (items.length > 0) groups.push({ label: kind === 'support' ? 'Support' : 'Convoy', items });
  }
  if (builds.length > 0)
    groups.push({
      label: '',
      items: builds.map((c) => ({
        label: buildLabel(map, c.order.kind === 'build' ? c.order.unit : { location: '' }),
        title: c.text,
        choice: c,
      })),
    });
  if (disband.length > 0)
    groups.push({
      label: '',
      items: [
        {
          label: phase === 'adjustment' ? 'Remove' : 'Disband',
          title: disband[0]!.text,
          choice: disband[0]!,
        },
      ],
    });
  const convoyWords = moves.some((c) => byConvoy(map, c.order)) ? ' (blue, dashed: by convoy)' : '';
  const prompt =
    phase === 'movement'
      ? `${self}: click where it moves${convoyWords}, a unit it supports or convoys, or ${self} again to hold; or choose:`
      : phase === 'retreat'
        ? `${self} is dislodged: click a highlighted province to retreat there; or choose:`
        : builds.length > 0
          ? `Build in ${step.province}: choose the unit:`
          : `${self}:`;
  return { prompt, groups };
}

/** "A PAR" for the choices of the unit in Paris ("F STP/SC" with its coast). */
function selectedText(choices: readonly Choice[]): string {
  const order = choices[0]?.order;
  return order && order.kind !== 'waive' ? unitText(order.unit) : '';
}

/** The words for the unit (or build site) in `province` in the unit list: "A PAR", "F STP/SC", "Build in STP". */
export function unitLabel(o: Orderable, province: string, phase: PhaseKind): string {
  const choices = choicesAt(o, province);
  if (choices.some((c) => c.order.kind === 'build')) return `Build in ${province}`;
  return `${selectedText(choices)}${phase === 'retreat' ? ' (dislodged)' : ''}`;
}
