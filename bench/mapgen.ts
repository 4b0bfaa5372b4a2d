/**
 * Generated maps for the scaling benchmark: a grid of `provinces` cells (width about the square root), about a
 * quarter of them sea, the land next to a sea coastal, the rest inland. Armies move between the four neighbours on
 * land; fleets between neighbouring seas, between a sea and a neighbouring coast, and between neighbouring coasts
 * that share a sea (one of the cells beside the pair is sea). Ten powers hold blocks of 8 x 8 cells; one land cell
 * in five is a supply centre, a home centre of the block's power. The map goes through `compileMap` like any other.
 *
 * `scalingPosition` puts a unit on most provinces (`fill`, 85% by default) and gives every unit an order with the
 * midgame order generator (generate.ts). `chainPosition` is the worst case for the resolver's recursion: every unit
 * of a path through the whole grid moves to the next cell of the path, into an empty cell at the end.
 */
import { compileMapOrThrow } from '../src/map/compile.js';
import type { GameMap, MapDefinition, ProvinceDefinition, ProvinceKind } from '../src/map/types.js';
import { seededRandom } from '../src/selfplay/random-player.js';
import type { WorkloadPosition } from '../src/formats/workload.js';
import { randomOrders, toWorkloadPosition, type PlacedUnit } from './generate.js';

const POWERS = 10;
const BLOCK = 8;

/** The grid: width, height (the last row may be partial) and the kind of each cell. */
interface Grid {
  width: number;
  count: number;
  kind: ProvinceKind[];
  power: number[];
}

function grid(count: number, seed: number, seaShare: number): Grid {
  const random = seededRandom(seed);
  const width = Math.ceil(Math.sqrt(count));
  const sea = new Uint8Array(count);
  for (let i = 0; i < count; i++) sea[i] = random() < seaShare ? 1 : 0;
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y * width + x >= count ? -1 : y * width + x;
  const kind: ProvinceKind[] = [];
  const power: number[] = [];
  const blocksPerRow = Math.ceil(width / BLOCK);
  for (let i = 0; i < count; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const wet = [at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)].some((j) => j >= 0 && sea[j]);
    kind.push(sea[i] ? 'sea' : wet ? 'coast' : 'land');
    const block = Math.floor(y / BLOCK) * blocksPerRow + Math.floor(x / BLOCK);
    power.push((block * 7 + Math.floor(block / blocksPerRow)) % POWERS);
  }
  return { width, count, kind, power };
}

const code = (i: number): string => `P${i}`;
const powerName = (p: number): string => `POWER${p}`;

/** A map definition of `count` provinces, `seaShare` of them sea. */
export function gridMapDefinition(count: number, seed = 1, seaShare = 0.25): MapDefinition {
  const g = grid(count, seed, seaShare);
  const { width, kind } = g;
  const at = (x: number, y: number): number =>
    x < 0 || y < 0 || x >= width || y * width + x >= count ? -1 : y * width + x;
  const isSea = (j: number): boolean => j >= 0 && kind[j] === 'sea';
  const provinces: ProvinceDefinition[] = [];
  let centers = 0;
  for (let i = 0; i < count; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const army: string[] = [];
    const fleet: string[] = [];
    const sides: [number, number, number][] = [
      [at(x - 1, y), 0, 1],
      [at(x + 1, y), 0, 1],
      [at(x, y - 1), 1, 0],
      [at(x, y + 1), 1, 0],
    ];
    for (const [j, dx, dy] of sides) {
      if (j < 0) continue;
      const jx = j % width;
      const jy = Math.floor(j / width);
      if (kind[i] !== 'sea' && kind[j] !== 'sea') army.push(code(j));
      if (kind[i] === 'land' || kind[j] === 'land') continue;
      if (kind[i] === 'coast' && kind[j] === 'coast') {
        // Neighbouring coasts share a coastline when a cell beside the pair is sea.
        const beside = [at(x + dx, y + dy), at(jx + dx, jy + dy), at(x - dx, y - dy), at(jx - dx, jy - dy)];
        if (!beside.some(isSea)) continue;
      }
      fleet.push(code(j));
    }
    const def: ProvinceDefinition = { code: code(i), name: `Province ${i}`, kind: kind[i]! };
    if (army.length > 0) def.army = army;
    if (kind[i] !== 'land' && fleet.length > 0) def.fleet = fleet;
    if (kind[i] !== 'sea' && i % 5 === 0) {
      def.supplyCenter = true;
      def.home = powerName(g.power[i]!);
      centers++;
    }
    provinces.push(def);
  }
  return {
    name: `grid-${count}`,
    powers: Array.from({ length: POWERS }, (_, p) => ({ name: powerName(p), adjective: `Power ${p}'s` })),
    provinces,
    startingUnits: [],
    victoryCenters: Math.max(1, Math.floor(centers / 2) + 1),
  };
}

export function gridMap(count: number, seed = 1, seaShare = 0.25): GameMap {
  return compileMapOrThrow(gridMapDefinition(count, seed, seaShare));
}

/** The power of a cell's block (the map's ownership pattern). */
function cellPower(map: GameMap, p: number): number {
  const width = Math.ceil(Math.sqrt(map.provinceCount));
  const blocksPerRow = Math.ceil(width / BLOCK);
  const block = Math.floor(Math.floor(p / width) / BLOCK) * blocksPerRow + Math.floor((p % width) / BLOCK);
  return (block * 7 + Math.floor(block / blocksPerRow)) % POWERS;
}

/** Units on about `fill` of the provinces, of the block's power (one in five of another), with random orders. */
export function scalingPosition(map: GameMap, seed: number, fill = 0.85): WorkloadPosition {
  const random = seededRandom(seed);
  const units: PlacedUnit[] = [];
  for (let p = 0; p < map.provinceCount; p++) {
    if (random() >= fill) continue;
    const kind = map.provinceKind[p];
    const type = kind === 'land' ? 'A' : kind === 'sea' ? 'F' : random() < 0.5 ? 'A' : 'F';
    const power = random() < 0.8 ? cellPower(map, p) : Math.floor(random() * POWERS);
    units.push({ power, type, location: p });
  }
  return toWorkloadPosition(map, 0, 'S1905M', units, randomOrders(map, units, random));
}

/**
 * The longest chain of moves: on a map without seas (`gridMap(count, seed, 0)`), an army on every cell but the
 * last of a path through the whole grid (row by row, back and forth), each moving to the next cell, the last into
 * the empty cell at the end. Every move waits for the next one, so a resolver that recurses along the chain
 * recurses once per unit.
 */
export function chainPosition(map: GameMap): WorkloadPosition {
  const width = Math.ceil(Math.sqrt(map.provinceCount));
  const path: number[] = [];
  for (let y = 0; y * width < map.provinceCount; y++) {
    const row: number[] = [];
    for (let x = 0; x < width && y * width + x < map.provinceCount; x++) row.push(y * width + x);
    // Back and forth; a partial last row only joins when it starts under the end of the row above.
    if (y % 2 === 1) row.reverse();
    if (y > 0 && row.length < width && y % 2 === 1) break;
    path.push(...row);
  }
  for (const p of path)
    if (map.provinceKind[p] === 'sea') throw new Error('chainPosition needs a map without seas');
  const units: PlacedUnit[] = [];
  const orders: Record<string, string[]> = {};
  for (let i = 0; i + 1 < path.length; i++) {
    const power = i % POWERS;
    units.push({ power, type: 'A', location: path[i]! });
    (orders[powerName(power)] ??= []).push(
      `A ${map.locationCode[path[i]!]} - ${map.locationCode[path[i + 1]!]}`,
    );
  }
  return toWorkloadPosition(map, 0, 'S1905M', units, orders);
}
