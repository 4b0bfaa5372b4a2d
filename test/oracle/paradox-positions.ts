/**
 * Random positions rich in convoy paradoxes, for comparing the two solvers under every paradox rule: small random
 * maps (seas, coasts of which some are convoyable, inland provinces) and orders built around convoys: armies
 * convoyed through chains of fleets, the unit in the destination supporting an attack on a convoying fleet, moving
 * into the army's last fleet (Brannan's rule) or into the army's province, further attacks on the fleets and the
 * army's province, then random moves and supports. Seeded: the same seed gives the same positions.
 */
import { compileMap } from '../../src/map/compile.js';
import type { GameMap, MapDefinition, ProvinceDefinition } from '../../src/map/types.js';
import type { GivenOrder, Order, UnitRef } from '../../src/orders/types.js';
import type { Position, Unit } from '../../src/position/types.js';

export interface ParadoxPosition {
  map: GameMap;
  position: Position;
  orders: GivenOrder[];
}

type Kind = 'sea' | 'coast' | 'land';
const POWERS = ['RED', 'BLUE', 'GREEN', 'GOLD'];

/** A random connected map of 8-14 provinces, or undefined when the draw does not compile (a cut-off province). */
function randomMap(
  random: () => number,
): { map: GameMap; kinds: Kind[]; convoyable: boolean[]; adj: Set<number>[] } | undefined {
  const n = 8 + Math.floor(random() * 7);
  const kinds: Kind[] = [];
  const convoyable: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const r = random();
    kinds.push(i === 0 ? 'coast' : r < 0.35 ? 'sea' : r < 0.88 ? 'coast' : 'land');
    convoyable.push(kinds[i] === 'coast' && random() < 0.4);
  }
  const adj = Array.from({ length: n }, () => new Set<number>());
  const join = (i: number, j: number): void => {
    if (i === j) return;
    adj[i]!.add(j);
    adj[j]!.add(i);
  };
  for (let i = 1; i < n; i++) join(i, Math.floor(random() * i));
  const extra = Math.floor(n * (0.6 + random()));
  for (let k = 0; k < extra; k++) join(Math.floor(random() * n), Math.floor(random() * n));
  const provinces: ProvinceDefinition[] = kinds.map((kind, i) => {
    const p: ProvinceDefinition = { code: code(i), name: `Province ${i}`, kind };
    if (i === 0) p.supplyCenter = true;
    if (convoyable[i]) p.convoyable = true;
    const near = [...adj[i]!];
    if (kind !== 'sea') p.army = near.filter((j) => kinds[j] !== 'sea').map(code);
    if (kind !== 'land') p.fleet = near.filter((j) => kinds[j] !== 'land').map(code);
    return p;
  });
  const definition: MapDefinition = {
    name: 'Paradoxes',
    victoryCenters: 1,
    powers: POWERS.map((name) => ({ name, adjective: name })),
    provinces,
    startingUnits: [],
  };
  const compiled = compileMap(definition);
  return compiled.value ? { map: compiled.value, kinds, convoyable, adj } : undefined;
}

function code(i: number): string {
  return `P${String.fromCharCode(65 + i)}X`;
}

/** `count` positions on random maps (several per map). */
export function paradoxPositions(random: () => number, count: number): ParadoxPosition[] {
  const out: ParadoxPosition[] = [];
  while (out.length < count) {
    const drawn = randomMap(random);
    if (!drawn) continue;
    for (let k = 0; k < 10 && out.length < count; k++) out.push(randomPosition(random, drawn));
  }
  return out;
}

function randomPosition(
  random: () => number,
  { map, kinds, convoyable, adj }: { map: GameMap; kinds: Kind[]; convoyable: boolean[]; adj: Set<number>[] },
): ParadoxPosition {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const n = kinds.length;
  const at = new Map<number, Unit>();
  for (let i = 0; i < n; i++) {
    if (random() < 0.15) continue;
    const type = kinds[i] === 'sea' ? 'F' : kinds[i] === 'land' ? 'A' : random() < 0.55 ? 'A' : 'F';
    at.set(i, { power: pick(POWERS), type, location: code(i) });
  }
  const ordered = new Map<number, Order>();
  const ref = (i: number): UnitRef => ({ type: at.get(i)!.type, location: code(i) });
  const free = (i: number): boolean => at.has(i) && !ordered.has(i);
  const reaches = (i: number, j: number): boolean =>
    adj[i]!.has(j) && (at.get(i)!.type === 'A' ? kinds[j] !== 'sea' : kinds[j] !== 'land');
  const convoyingFleet = (j: number): boolean =>
    (kinds[j] === 'sea' || convoyable[j]!) && at.get(j)?.type === 'F' && !ordered.has(j);
  const chains: { army: number; fleets: number[] }[] = [];

  for (const [i, unit] of at) {
    if (unit.type !== 'A' || kinds[i] !== 'coast' || ordered.has(i) || random() < 0.3) continue;
    const first = [...adj[i]!].filter(convoyingFleet);
    if (first.length === 0) continue;
    const fleets = [pick(first)];
    while (random() < 0.35) {
      const next = [...adj[fleets[fleets.length - 1]!]!].filter(
        (j) => convoyingFleet(j) && !fleets.includes(j),
      );
      if (next.length === 0) break;
      fleets.push(pick(next));
    }
    const last = fleets[fleets.length - 1]!;
    const ends = [...adj[last]!].filter((j) => kinds[j] === 'coast' && j !== i && !fleets.includes(j));
    if (ends.length === 0) continue;
    const occupied = ends.filter((j) => at.has(j));
    const to = occupied.length > 0 && random() < 0.85 ? pick(occupied) : pick(ends);
    ordered.set(i, { kind: 'move', unit: ref(i), to: code(to), viaConvoy: random() < 0.8 });
    for (const f of fleets) ordered.set(f, { kind: 'convoy', unit: ref(f), army: ref(i), to: code(to) });
    chains.push({ army: i, fleets });
    if (!free(to)) continue;
    const g = random();
    if (g < 0.3 && reaches(to, last)) ordered.set(to, { kind: 'move', unit: ref(to), to: code(last) });
    else if (g < 0.45 && reaches(to, i)) ordered.set(to, { kind: 'move', unit: ref(to), to: code(i) });
    else if (g < 0.85) {
      // The unit in the destination supports an attack on a convoying fleet: the classic paradox.
      const targets = chains.flatMap((c) => c.fleets).filter((f) => reaches(to, f));
      if (targets.length === 0) continue;
      const f = pick(targets);
      const attackers = [...adj[f]!].filter(
        (x) => x !== to && free(x) && at.get(x)!.type === 'F' && reaches(x, f),
      );
      if (attackers.length === 0) continue;
      const x = pick(attackers);
      ordered.set(x, { kind: 'move', unit: ref(x), to: code(f) });
      ordered.set(to, { kind: 'support', unit: ref(to), supported: ref(x), to: code(f) });
    }
  }
  for (const chain of chains) {
    for (const f of chain.fleets) {
      if (random() < 0.5) continue;
      const attackers = [...adj[f]!].filter((x) => free(x) && reaches(x, f));
      if (attackers.length > 0) {
        const x = pick(attackers);
        ordered.set(x, { kind: 'move', unit: ref(x), to: code(f) });
      }
    }
    if (random() < 0.4) {
      const attackers = [...adj[chain.army]!].filter((x) => free(x) && reaches(x, chain.army));
      if (attackers.length > 0) {
        const x = pick(attackers);
        ordered.set(x, { kind: 'move', unit: ref(x), to: code(chain.army) });
      }
    }
  }
  for (const i of at.keys()) {
    if (ordered.has(i) || random() < 0.5) continue;
    const near = [...adj[i]!].filter((j) => reaches(i, j));
    if (near.length > 0) ordered.set(i, { kind: 'move', unit: ref(i), to: code(pick(near)) });
  }
  for (const i of at.keys()) {
    if (ordered.has(i)) continue;
    const options: Order[] = [];
    for (const [j, o] of ordered) {
      if (o.kind === 'move' && j !== i && reaches(i, o.to.charCodeAt(1) - 65))
        options.push({ kind: 'support', unit: ref(i), supported: ref(j), to: o.to });
    }
    for (const j of adj[i]!) {
      const o = ordered.get(j);
      if (at.has(j) && reaches(i, j) && o?.kind !== 'move')
        options.push({ kind: 'support', unit: ref(i), supported: ref(j) });
    }
    ordered.set(i, options.length > 0 && random() < 0.85 ? pick(options) : { kind: 'hold', unit: ref(i) });
  }
  const orders = [...ordered].map(([i, order]) => ({ power: at.get(i)!.power, order }));
  const position: Position = {
    phase: { season: 'spring', year: 1901, type: 'movement' },
    units: [...at.values()],
    dislodged: [],
    contested: [],
    supplyCenters: {},
  };
  return { map, position, orders };
}
