/**
 * The procedural adjudication algorithm of the Haplomacy thesis, appendix B.3.1 ("The Adjudication Algorithm"),
 * over units in integer form. This file holds steps 2
 * and 3 of the algorithm; step 1 (cancel all invalid orders) is done by the caller (adjudicate.ts), which hands in
 * only valid orders.
 *
 * Terms of the text, as used here:
 * - An *army* is a unit, its *leader*, plus every unit ordered to support it. Every unit on the board leads an army
 *   (of one when nobody supports it); a supporting unit is also a member of the army it supports.
 * - The *target* of an army is the province its leader moves to, or the leader's own province when it does not
 *   move. The armies with one target form the *dispute* over that province; the unit standing there is its
 *   *defender*.
 * - *Carrying out* an order moves the unit to its destination and then cancels its orders; *cancelling* orders the
 *   unit, and every unit supporting it, to hold.
 *
 * Where the text is silent or ambiguous, these readings are taken (each is marked "Reading" below):
 * - A: the *defender* of a dispute takes part in it with its own army when it holds (then its army targets the
 *   province anyway) or when it moves into the province an army of the dispute comes from. The text defines a
 *   dispute as the armies targeting the province, but its handling speaks of a defender "in standoff with the
 *   largest army" because it moves into that army's province, and it claims to reproduce the rulebook examples,
 *   in which two units cannot swap places: that needs the defender's army in the comparison. It never wins the
 *   dispute (it does not move there), and dispute selection looks only at the armies targeting a province.
 * - B: a defender that is dislodged while its move is "left to be resolved later" (rule 10) stays on the list of
 *   retreats unless that move is later carried out; then it has left the province and is not dislodged.
 * - C: rules 13 and 16, which step 2 applies, are not part of the excerpt; they are taken to be the rulebook's two
 *   rules on cutting support: a support is cut by a move into the supporter's province, except a move from the
 *   province the support is given into (13), and except a move by the supporter's own power (16).
 * - D: the "arbitrary choice" between disputes (footnote 11) takes the province that comes first on the map, so
 *   the outcome never depends on the order in which units or orders are listed.
 * - E: the loop of step 3 runs while some dispute still has work: an army whose leader moves, or an army with
 *   supporters. A dispute of lone holding units changes nothing and would never end the loop.
 */

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;

/** The valid orders after step 1, one per unit (convoying fleets hold: see adjudicate.ts). */
export interface HaplomacyOrders {
  provinceCount: number;
  /** Power of each unit. */
  power: ArrayLike<number>;
  /** Province each unit stands in. */
  province: ArrayLike<number>;
  /** HOLD, MOVE or SUPPORT. */
  kind: ArrayLike<number>;
  /** MOVE: destination province. SUPPORT: destination of the supported move, or -1 for a hold support. */
  dest: ArrayLike<number>;
  /** SUPPORT: the supported unit. */
  target: ArrayLike<number>;
  /** Unit names for the trace ("A PAR"). */
  name: readonly string[];
  /** Province names for the trace ("PAR"). */
  provinceName: readonly string[];
  /** Readings, for comparing them (docs/haplomacy-vs-datc.md); the defaults are those described above. */
  variant?: HaplomacyVariant;
}

export interface HaplomacyVariant {
  /** Take the text's definition of a dispute literally: a defender moving away never takes part (no reading A). */
  literalDisputes?: boolean;
  /** Make the arbitrary choice (footnote 11) the other way: the province that comes last on the map. */
  lastArbitrary?: boolean;
}

/** Why a move failed, as the algorithm saw it. */
export type MoveFailure =
  /** Cancelled in a dispute: the strongest army opposing it there. */
  | {
      code: 'bounced';
      size: number;
      against: { kind: 'hold' | 'defend' | 'prevent'; unit: number; size: number };
    }
  /** The dispute was turned into a draw by rule 12: the defender is of the mover's power or supports it. */
  | { code: 'own-unit'; defender: number };

export interface HaplomacyOutcome {
  /** 1 when the unit's move was carried out. */
  moved: Uint8Array;
  /** Province each unit ends in, or -1 for a unit on the list of retreats. */
  at: Int32Array;
  /** The winning army leader that dislodged each unit on the list of retreats, or -1. */
  dislodgedBy: Int32Array;
  /** Size of the army each carried-out move won with. */
  wonWith: Int32Array;
  /** Step 2: the unit whose move cut the support, or -1. */
  cutBy: Int32Array;
  /** Rule 11: the winning leader whose dislodgement of this supporter cancelled its support, or -1. */
  cancelledBy: Int32Array;
  /** Why each move that was not carried out failed (undefined for other units). */
  failure: (MoveFailure | undefined)[];
  /** 1 for each province where a draw was recorded (step 1 of a draw). */
  standoff: Uint8Array;
  /** The disputes in the order they were handled, for people. */
  trace: string[];
}

/** Runs steps 2 and 3 of the algorithm on valid orders. */
export function runHaplomacy(orders: HaplomacyOrders): HaplomacyOutcome {
  const n = orders.power.length;
  const { power, province, name, provinceName } = orders;
  const literal = orders.variant?.literalDisputes === true;
  const pick = <T>(list: readonly T[]): T | undefined =>
    orders.variant?.lastArbitrary === true ? list[list.length - 1] : list[0];
  const kind = Int32Array.from(orders.kind);
  const dest = Int32Array.from(orders.dest);
  const target = Int32Array.from(orders.target);
  const at = Int32Array.from(province);
  const occupant = new Int32Array(orders.provinceCount).fill(-1);
  for (let u = 0; u < n; u++) occupant[at[u]!] = u;

  const out: HaplomacyOutcome = {
    moved: new Uint8Array(n),
    at,
    dislodgedBy: new Int32Array(n).fill(-1),
    wonWith: new Int32Array(n),
    cutBy: new Int32Array(n).fill(-1),
    cancelledBy: new Int32Array(n).fill(-1),
    failure: new Array<MoveFailure | undefined>(n),
    standoff: new Uint8Array(orders.provinceCount),
    trace: [],
  };
  const trace = (line: string): number => out.trace.push(line);

  // Step 2: cut support subject to rules 13 and 16 (reading C), but not to rule 14 (a supporter that will be
  // dislodged keeps its support for now: the order in which disputes are handled is meant to take care of it).
  for (let s = 0; s < n; s++) {
    if (kind[s] !== SUPPORT) continue;
    const into = dest[s]! >= 0 ? dest[s]! : province[target[s]!]!;
    for (let m = 0; m < n; m++) {
      if (kind[m] !== MOVE || dest[m] !== province[s] || power[m] === power[s] || province[m] === into)
        continue;
      out.cutBy[s] = m;
      break;
    }
  }
  for (let s = 0; s < n; s++) {
    if (out.cutBy[s]! < 0) continue;
    kind[s] = HOLD;
    trace(`step 2: ${name[out.cutBy[s]!]} cuts the support of ${name[s]}`);
  }

  const supporters = (u: number): number[] => {
    const list: number[] = [];
    for (let s = 0; s < n; s++) if (kind[s] === SUPPORT && target[s] === u) list.push(s);
    return list;
  };
  const size = (u: number): number => 1 + supporters(u).length;
  /** A unit on the list of retreats takes part only while its move is left to be resolved (rule 10). */
  const inPlay = (u: number): boolean => at[u]! >= 0 || kind[u] === MOVE;
  const targetOf = (u: number): number => (kind[u] === MOVE ? dest[u]! : at[u]!);
  /** Cancelling a unit's orders: it holds, and so does every unit supporting it. */
  const cancel = (u: number): void => {
    for (const s of supporters(u)) kind[s] = HOLD;
    kind[u] = HOLD;
  };
  const armyText = (u: number): string =>
    `${name[u]}${kind[u] === MOVE ? ` - ${provinceName[dest[u]!]}` : ''} (${size(u)})`;

  // Step 3: as long as some dispute has work left (reading E), select the next dispute and handle it.
  for (;;) {
    const targets = new Set<number>();
    for (let u = 0; u < n; u++) if (inPlay(u) && (kind[u] === MOVE || size(u) > 1)) targets.add(targetOf(u));
    if (targets.size === 0) break;
    const p = selectDispute([...targets].sort((a, b) => a - b));
    handleDispute(p, armiesTargeting(p));
  }

  // Units still on the list of retreats are dislodged; those whose move was carried out have left (reading B).
  for (let u = 0; u < n; u++) if (at[u]! >= 0) out.dislodgedBy[u] = -1;
  return out;

  /** The leaders of the armies targeting `p`. */
  function armiesTargeting(p: number): number[] {
    const list: number[] = [];
    for (let u = 0; u < n; u++) if (inPlay(u) && targetOf(u) === p) list.push(u);
    return list;
  }

  /**
   * Step 3 (a): the next dispute. A vacant province targeted by only one army first (footnote 7); otherwise a
   * dispute involving the largest army on the board (footnote 8); among those, one whose province is occupied by
   * a supporting unit (footnote 9); then, when the largest army is a single unit, the one involving the most units
   * (footnote 10); then an arbitrary one (footnote 11, reading D).
   */
  function selectDispute(candidates: number[]): number {
    const vacant = pick(candidates.filter((p) => occupant[p]! < 0 && armiesTargeting(p).length === 1));
    if (vacant !== undefined) return vacant;
    const largest = Math.max(...candidates.map((p) => Math.max(...armiesTargeting(p).map(size))));
    let eligible = candidates.filter((p) => armiesTargeting(p).some((u) => size(u) === largest));
    const supported = eligible.filter((p) => occupant[p]! >= 0 && kind[occupant[p]!] === SUPPORT);
    if (supported.length > 0) eligible = supported;
    if (largest === 1 && eligible.length > 1) {
      const units = (p: number): number => armiesTargeting(p).reduce((sum, u) => sum + size(u), 0);
      const most = Math.max(...eligible.map(units));
      eligible = eligible.filter((p) => units(p) === most);
    }
    return pick(eligible)!;
  }

  /** Step 3 (b): handle the dispute over `p` between the armies led by `leaders`. */
  function handleDispute(p: number, leaders: number[]): void {
    const defender = occupant[p]!;
    // Reading A: a defender moving into the province of an army of the dispute opposes it with its own army.
    const headToHead =
      !literal && defender >= 0 && kind[defender] === MOVE && leaders.some((a) => at[a] === dest[defender])
        ? defender
        : -1;
    const involved = headToHead >= 0 ? [...leaders, headToHead] : leaders;
    const sizes = new Map(involved.map((u) => [u, size(u)]));
    const largest = Math.max(...sizes.values());
    const strongest = involved.filter((u) => sizes.get(u) === largest);
    const others = leaders.filter((u) => u !== defender);
    const head =
      `dispute over ${provinceName[p]}: ${others.map(armyText).join(', ') || 'no attacker'}` +
      (defender < 0
        ? ', vacant'
        : headToHead >= 0
          ? `; defender ${armyText(defender)} moves against it`
          : leaders.includes(defender)
            ? `; defender ${name[defender]} (${sizes.get(defender)})`
            : `; defender ${name[defender]} - ${provinceName[dest[defender]!]}`);

    const only = strongest.length === 1 ? strongest[0]! : -1;
    if (only >= 0 && kind[only] === MOVE && dest[only] === p) {
      const winner = only;
      // Case 1 (rule 12): a power's unit is not dislodged by its own unit, nor with its own support: a draw.
      if (
        defender >= 0 &&
        (power[winner] === power[defender] || supporters(winner).some((s) => power[s] === power[defender]))
      ) {
        trace(
          `${head} → draw by rule 12 (${name[defender]} is of the same power as ${name[winner]} or supports it)`,
        );
        out.failure[winner] = { code: 'own-unit', defender };
        draw(p, defender, involved, sizes, strongest);
        return;
      }
      const origin = at[winner]!;
      const events: string[] = [];
      // Case 2: dislodge the defender onto the list of retreats.
      if (defender >= 0) {
        at[defender] = -1;
        occupant[p] = -1;
        out.dislodgedBy[defender] = winner;
        // Its own supporters (to hold) are units of the dispute: cancelled with the others (case 4).
        if (leaders.includes(defender)) for (const s of supporters(defender)) kind[s] = HOLD;
        if (
          (kind[defender] === MOVE || kind[defender] === SUPPORT) &&
          origin >= 0 &&
          dest[defender] === origin
        ) {
          // Rule 11: it moves, or supports a move, into the province of the winning leader: cancelled.
          if (kind[defender] === MOVE)
            out.failure[defender] = {
              code: 'bounced',
              size: sizes.get(defender) ?? size(defender),
              against: { kind: 'defend', unit: winner, size: largest },
            };
          else out.cancelledBy[defender] = winner;
          cancel(defender);
          events.push(`${name[defender]} dislodged, its order cancelled (rule 11)`);
        } else if (kind[defender] !== HOLD) {
          events.push(`${name[defender]} dislodged, its order left to be resolved later (rule 10)`);
        } else {
          events.push(`${name[defender]} dislodged`);
        }
      }
      // Case 3: carry out the winner's move.
      if (origin >= 0 && occupant[origin] === winner) occupant[origin] = -1;
      at[winner] = p;
      occupant[p] = winner;
      out.moved[winner] = 1;
      out.wonWith[winner] = largest;
      out.dislodgedBy[winner] = -1;
      cancel(winner);
      // Case 4: cancel the orders of every other unit of the dispute.
      for (const u of others) {
        if (u === winner) continue;
        if (kind[u] === MOVE)
          out.failure[u] = {
            code: 'bounced',
            size: sizes.get(u)!,
            against: { kind: 'prevent', unit: winner, size: largest },
          };
        cancel(u);
      }
      trace(
        `${head} → ${name[winner]} wins (${largest})${events.length > 0 ? `; ${events.join('; ')}` : ''}`,
      );
      return;
    }
    trace(`${head} → draw`);
    draw(p, defender, involved, sizes, strongest);
  }

  /** A draw: a standoff between the armies of the dispute (possibly because the defender's army is the largest). */
  function draw(
    p: number,
    defender: number,
    involved: number[],
    sizes: Map<number, number>,
    strongest: number[],
  ): void {
    const fail = (u: number): void => {
      if (kind[u] !== MOVE || out.failure[u]) return;
      const rivals = involved.filter((v) => v !== u);
      if (rivals.length === 0) return;
      const best = rivals.reduce((a, b) => (sizes.get(b)! > sizes.get(a)! ? b : a));
      const opposing = best !== defender ? 'prevent' : kind[defender] === MOVE ? 'defend' : 'hold';
      out.failure[u] = {
        code: 'bounced',
        size: sizes.get(u)!,
        against: { kind: opposing, unit: best, size: sizes.get(best)! },
      };
    };
    // 1. Record that the province was the scene of a standoff (the retreats need it).
    out.standoff[p] = 1;
    if (defender >= 0) {
      if (kind[defender] === HOLD) {
        // 2. A defender ordered to hold is in standoff or holds its province: cancelled.
        cancel(defender);
      } else if (
        kind[defender] === MOVE &&
        strongest.some((a) => a !== defender && at[a] === dest[defender])
      ) {
        // 3. A defender moving into the province the largest army came from is in standoff with it: cancelled.
        fail(defender);
        cancel(defender);
      } else if (kind[defender] === SUPPORT) {
        // Its army (it and its supporters to hold) is part of the dispute; its own support is not.
        for (const s of supporters(defender)) kind[s] = HOLD;
      }
    }
    // 4. Cancel the orders of every other unit of the dispute.
    for (const u of involved) {
      if (u === defender) continue;
      fail(u);
      cancel(u);
    }
  }
}
