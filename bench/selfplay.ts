/**
 * The `selfplay` section of `npm run bench`: whole random games on the simulation (src/sim), as
 * reinforcement learning and search play them. A step is what a self-play program does each phase: list the legal
 * orders of every power (`legalOrders`: every legal order), choose one per unit with the seeded random player
 * (`chooseRandomOrders`), play the phase (`step`).
 *
 * - `selfplay_us_per_phase`: µs per whole step, over the games of seeds 1-20 from 1901 to the end of 1915;
 *   median over the repetitions (`selfplay_cpu_us_per_phase`: process CPU time, less disturbed on a shared host);
 * - `selfplay_lazy_us_per_phase` (`selfplay_lazy_cpu_us_per_phase`): the same games with the step of
 *   `giveRandomOrders`, which lists the supports only of the units that draw a support (the same choices);
 * - `clone_us` and `copy_us`: one `clone()` of a midgame state (Spring 1908 of seed 1; the clone released again,
 *   so that the pool is warm) and one `copyFrom`;
 * - `games_per_second`: those games in one thread; `games_per_second_workers`: in worker threads, one per core.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameMap } from '../src/map/types.js';
import { newOrderCodeList, type OrderCodeList } from '../src/legal/code-list.js';
import { chooseRandomOrders, giveRandomOrders, seededRandom } from '../src/selfplay/random-player.js';
import { ACTIVE, PHASE_MOVEMENT, Simulation, SPRING } from '../src/sim/state.js';

export interface SelfplayFigures {
  selfplay_us_per_phase: number;
  selfplay_cpu_us_per_phase: number;
  selfplay_lazy_us_per_phase: number;
  selfplay_lazy_cpu_us_per_phase: number;
  clone_us: number;
  copy_us: number;
  games_per_second: number;
  games_per_second_workers: number;
  selfplay_workers: number;
  phases_per_game: number;
  games: number;
  repetitions: number;
}

const SEEDS = 20;
const MAX_YEAR = 1915;

/**
 * Plays the games of `seeds` to the end of 1915; returns the phases played. With `everyRow` (the default), each
 * step lists every legal order (`legalOrders`) before choosing, as a policy that scores every order would;
 * otherwise as `giveRandomOrders` does (the supports only of the units that draw a support). The games are the
 * same.
 */
export function playGames(
  map: GameMap,
  seeds: readonly number[],
  legal: OrderCodeList,
  everyRow = true,
): number {
  let phases = 0;
  for (const seed of seeds) {
    const random = seededRandom(seed);
    const sim = new Simulation(map, { maxYear: MAX_YEAR });
    while (sim.status === ACTIVE) {
      if (everyRow) {
        sim.legalOrders(legal);
        sim.clearOrders();
        chooseRandomOrders(map, sim, legal, -1, random, sim.orders);
      } else giveRandomOrders(sim, random, legal);
      sim.step();
      phases++;
    }
  }
  return phases;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

/** Spring 1908 of seed 1: a midgame state to copy. */
function midgameState(map: GameMap): Simulation {
  const random = seededRandom(1);
  const sim = new Simulation(map, { maxYear: MAX_YEAR });
  const legal = newOrderCodeList();
  while (
    sim.status === ACTIVE &&
    !(sim.year === 1908 && sim.season === SPRING && sim.phaseType === PHASE_MOVEMENT)
  ) {
    giveRandomOrders(sim, random, legal);
    sim.step();
  }
  return sim;
}

/** µs per call of `run`, median over `reps` runs of `calls` calls. */
function perCall(run: () => void, calls: number, reps: number): number {
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) run();
    times.push(((performance.now() - t0) * 1000) / calls);
  }
  return median(times);
}

/**
 * Games per second with `workers` worker threads, each playing its share of `games` games: median over `reps`
 * runs. Each worker is warmed up as the main thread is (the same seeds played once before timing): V8 optimises
 * each thread's code separately, and with a warm-up of a game or two the first timed run was spent mostly
 * compiling (10 ms of CPU per game instead of 1.7), which made two workers look three times slower than one
 * thread.
 */
async function workerGamesPerSecond(workers: number, games: number, reps: number): Promise<number> {
  const pool = Array.from(
    { length: workers },
    () => new Worker(new URL('./selfplay-worker.js', import.meta.url)),
  );
  const play = (seeds: number[][]): Promise<void> =>
    Promise.all(
      pool.map(
        (w, k) =>
          new Promise<void>((resolve, reject) => {
            w.once('message', () => resolve());
            w.once('error', reject);
            w.postMessage(seeds[k]);
          }),
      ),
    ).then(() => undefined);
  const share = (count: number, offset: number): number[][] =>
    pool.map((_, k) =>
      Array.from({ length: Math.ceil(count / workers) }, (_, i) => offset + k + i * workers),
    );
  try {
    await play(share(SEEDS * workers, 1000)); // warm-up: the map compiled, the code optimised
    const rates: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      await play(share(games, 1));
      rates.push((workers * Math.ceil(games / workers) * 1000) / (performance.now() - t0));
    }
    return median(rates);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

export async function benchSelfplay(map: GameMap, reps: number, quick: boolean): Promise<SelfplayFigures> {
  const legal = newOrderCodeList();
  const seeds = Array.from({ length: quick ? SEEDS / 4 : SEEDS }, (_, i) => i + 1);
  playGames(map, seeds, legal); // warm-up
  playGames(map, seeds, legal, false);
  const wall: number[] = [];
  const cpu: number[] = [];
  const lazyWall: number[] = [];
  const lazyCpu: number[] = [];
  let phases = 0;
  // The two ways in turn, so that a change in the host's load falls on both alike.
  const time = (everyRow: boolean, wallUs: number[], cpuUs: number[]): number => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const played = playGames(map, seeds, legal, everyRow);
    wallUs.push(((performance.now() - t0) * 1000) / played);
    const c = process.cpuUsage(c0);
    cpuUs.push((c.user + c.system) / played);
    return played;
  };
  for (let r = 0; r < reps; r++) {
    phases = time(true, wall, cpu);
    time(false, lazyWall, lazyCpu);
  }
  const stepUs = median(wall);
  const state = midgameState(map);
  const copy = new Simulation(map);
  const clone = (): void => state.clone().release();
  const copyFrom = (): void => void copy.copyFrom(state);
  perCall(clone, 100_000, 1);
  perCall(copyFrom, 100_000, 1);
  const workers = Math.max(1, cpus().length);
  const figures: SelfplayFigures = {
    selfplay_us_per_phase: stepUs,
    selfplay_cpu_us_per_phase: median(cpu),
    selfplay_lazy_us_per_phase: median(lazyWall),
    selfplay_lazy_cpu_us_per_phase: median(lazyCpu),
    clone_us: perCall(clone, 100_000, reps),
    copy_us: perCall(copyFrom, 100_000, reps),
    games_per_second: (seeds.length * 1e6) / (stepUs * phases),
    games_per_second_workers: await workerGamesPerSecond(workers, quick ? 40 : 200, quick ? 1 : 3),
    selfplay_workers: workers,
    phases_per_game: phases / seeds.length,
    games: seeds.length,
    repetitions: reps,
  };
  return figures;
}

export function printSelfplay(f: SelfplayFigures): void {
  console.log(
    [
      `Self-play on the simulation (${f.games} random games, 1901-1915, ${f.phases_per_game.toFixed(1)} phases each, ${f.repetitions} repetitions):`,
      `  whole step (every legal order listed, random choice, step): ${f.selfplay_us_per_phase.toFixed(2)} µs per phase (median; cpu ${f.selfplay_cpu_us_per_phase.toFixed(2)} µs)`,
      `  the same, supports listed only where drawn (giveRandomOrders): ${f.selfplay_lazy_us_per_phase.toFixed(2)} µs per phase (cpu ${f.selfplay_lazy_cpu_us_per_phase.toFixed(2)} µs)`,
      `  clone() of a midgame state: ${f.clone_us.toFixed(3)} µs; copyFrom: ${f.copy_us.toFixed(3)} µs`,
      `  games per second: ${f.games_per_second.toFixed(0)} on one core, ${f.games_per_second_workers.toFixed(0)} with ${f.selfplay_workers} worker threads`,
    ].join('\n'),
  );
}
