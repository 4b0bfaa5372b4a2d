/**
 * The `bots` section of `npm run bench`: how strong and how fast dipkit's bot (src/bot) is, over whole games on
 * the standard map to the end of 1910 (a solo victory ends a game sooner), seeds 1-100 (fewer with --quick):
 *
 * - one bot against six random players (the bot on power seed mod 7): its average centres at the end, the share
 *   of games it leads (most centres, ties counted as leads) and the share it wins outright;
 * - one bot against six players who only hold: the same figures;
 * - seven bots: the average game length (phases played), the draw rate (no solo victory by 1910), and the
 *   average number of powers still holding a centre at the end;
 * - the bot's time per power per phase over all those games (every call that had something to order): mean,
 *   median, 95th percentile and maximum, in ms, and the mean of the movement phases alone.
 */
import { standardMap } from '../src/map/compile.js';
import type { GameMap } from '../src/map/types.js';
import { createBot } from '../src/bot/index.js';
import { newOrderCodeList } from '../src/legal/code-list.js';
import { chooseRandomOrders, seededRandom } from '../src/selfplay/random-orders.js';
import type { PlayerKind } from '../src/selfplay/players.js';
import { ACTIVE, PHASE_MOVEMENT, Simulation, WON } from '../src/sim/state.js';

const MAX_YEAR = 1910;

export interface BotsFigures {
  games: number;
  max_year: number;
  vs_random: { average_centres: number; lead_share: number; win_share: number };
  vs_hold: { average_centres: number; lead_share: number; win_share: number };
  seven_bots: { average_phases: number; draw_rate: number; average_survivors: number };
  ms_per_power_phase: {
    mean: number;
    median: number;
    p95: number;
    max: number;
    movement_mean: number;
    cpu_mean: number;
    cpu_p95: number;
  };
  calls: number;
}

interface Timing {
  all: number[];
  movement: number[];
  /** Process CPU time of each call, ms: less disturbed than the clock when other processes share the cores. */
  cpu: number[];
}

/** One game; the centres of each power at the end, the phases played, whether someone won. */
function playGame(
  map: GameMap,
  kinds: readonly PlayerKind[],
  seed: number,
  timing: Timing,
): { centres: number[]; phases: number; won: boolean } {
  const sim = new Simulation(map, { maxYear: MAX_YEAR });
  const bot = createBot(map, { seed });
  const random = seededRandom(seed);
  const legal = newOrderCodeList();
  let phases = 0;
  while (sim.status === ACTIVE) {
    sim.clearOrders();
    for (let p = 0; p < kinds.length; p++) {
      if (kinds[p] === 'bot') {
        const before = sim.orders.count;
        const t = performance.now();
        const c = process.cpuUsage();
        bot.orderSimulation(sim, p);
        const ms = performance.now() - t;
        const cpu = process.cpuUsage(c);
        if (sim.orders.count > before) {
          timing.all.push(ms);
          timing.cpu.push((cpu.user + cpu.system) / 1000);
          if (sim.phaseType === PHASE_MOVEMENT) timing.movement.push(ms);
        }
      } else if (kinds[p] === 'random') {
        sim.legalOrders(legal, p);
        chooseRandomOrders(map, sim, legal, p, random, sim.orders);
      }
    }
    sim.step();
    phases++;
  }
  return { centres: map.powers.map((_, p) => sim.centerCount(p)), phases, won: sim.status === WON };
}

function oneBotAgainst(
  map: GameMap,
  others: PlayerKind,
  games: number,
  timing: Timing,
): BotsFigures['vs_random'] {
  let centres = 0;
  let leads = 0;
  let wins = 0;
  for (let seed = 1; seed <= games; seed++) {
    const power = seed % map.powers.length;
    const kinds = map.powers.map((_, p): PlayerKind => (p === power ? 'bot' : others));
    const r = playGame(map, kinds, seed, timing);
    centres += r.centres[power]!;
    if (r.centres[power] === Math.max(...r.centres)) leads++;
    if (r.won && r.centres[power] === Math.max(...r.centres)) wins++;
  }
  return { average_centres: centres / games, lead_share: leads / games, win_share: wins / games };
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function benchBots(quick: boolean, log: (line: string) => void): BotsFigures {
  const map = standardMap();
  const games = quick ? 20 : 100;
  const timing: Timing = { all: [], movement: [], cpu: [] };
  log(`bots: ${games} games per row, standard map, to the end of ${MAX_YEAR} ...`);
  const vsRandom = oneBotAgainst(map, 'random', games, timing);
  const vsHold = oneBotAgainst(map, 'hold', games, timing);
  let phases = 0;
  let draws = 0;
  let survivors = 0;
  const bots = map.powers.map((): PlayerKind => 'bot');
  for (let seed = 1; seed <= games; seed++) {
    const r = playGame(map, bots, seed, timing);
    phases += r.phases;
    if (!r.won) draws++;
    survivors += r.centres.filter((c) => c > 0).length;
  }
  const sorted = [...timing.all].sort((a, b) => a - b);
  return {
    games,
    max_year: MAX_YEAR,
    vs_random: vsRandom,
    vs_hold: vsHold,
    seven_bots: {
      average_phases: phases / games,
      draw_rate: draws / games,
      average_survivors: survivors / games,
    },
    ms_per_power_phase: {
      mean: mean(sorted),
      median: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted[sorted.length - 1] ?? 0,
      movement_mean: mean(timing.movement),
      cpu_mean: mean(timing.cpu),
      cpu_p95: percentile(
        [...timing.cpu].sort((a, b) => a - b),
        0.95,
      ),
    },
    calls: sorted.length,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(0)} %`;

export function printBots(f: BotsFigures): void {
  const t = f.ms_per_power_phase;
  console.log(
    [
      `\ndipkit's bot, ${f.games} games each, standard map, to the end of ${f.max_year} (or a solo victory):\n`,
      `  1 bot vs 6 random players : average ${f.vs_random.average_centres.toFixed(1)} centres, leads ${pct(f.vs_random.lead_share)} of games, wins ${pct(f.vs_random.win_share)}`,
      `  1 bot vs 6 holding players: average ${f.vs_hold.average_centres.toFixed(1)} centres, leads ${pct(f.vs_hold.lead_share)} of games, wins ${pct(f.vs_hold.win_share)}`,
      `  7 bots                    : ${f.seven_bots.average_phases.toFixed(1)} phases per game, draw rate ${pct(f.seven_bots.draw_rate)}, ${f.seven_bots.average_survivors.toFixed(1)} powers left with centres`,
      `  time per power per phase  : mean ${t.mean.toFixed(1)} ms, median ${t.median.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, max ${t.max.toFixed(1)} ms; movement phases mean ${t.movement_mean.toFixed(1)} ms; CPU time mean ${t.cpu_mean.toFixed(1)} ms, p95 ${t.cpu_p95.toFixed(1)} ms (target: under 50 ms; ${f.calls} calls)`,
    ].join('\n'),
  );
}
