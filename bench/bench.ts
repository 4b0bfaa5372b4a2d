/**
 * `npm run bench`: prints figures, asserts nothing. Every workload derives from fixed seeds.
 *
 *   npm run bench [-- --json] [--quick]
 *                 [--only opening,midgame,replay,legal,render,scaling,workers,memory,selfplay,variants,bots]
 *                 [--reps N] [--memory-phases N]
 *   npm run bench -- --workload FILE [--out RESULTS] [--json]
 *
 * Times are µs per phase: each repetition runs the workload (several times over when it is short) and divides by
 * the phases adjudicated; the table gives the median over the repetitions and the spread (min-max). See
 * bench/README.md for what each workload is and what "prepared" means.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cpus } from 'node:os';
import { standardMap } from '../src/map/compile.js';
import type { GameMap } from '../src/map/types.js';
import type { GivenOrder } from '../src/orders/types.js';
import type { Position } from '../src/position/types.js';
import { adjudicateMovement, resolveMovement } from '../src/adjudication/movement/adjudicate.js';
import { newMovementCodesResult, resolveMovementCodes } from '../src/adjudication/movement/codes.js';
import { encodeOrders, encodeUnits } from '../src/orders/codes.js';
import { legalOrders } from '../src/legal/enumerate.js';
import { playRandomGame } from '../src/selfplay/random-player.js';
import { newGame, resolvePhase, type PhaseRecord } from '../src/game/game.js';
import { bundledMap } from '../src/map/registry.js';
import {
  readWorkload,
  workloadOrders,
  workloadPosition,
  workloadResult,
  type Workload,
  type WorkloadPosition,
  type WorkloadResult,
} from '../src/formats/workload.js';
import { BatchAdjudicator } from '../src/node/batch.js';
import { midgameWorkload, openingWorkload } from './generate.js';
import { chainPosition, gridMap, scalingPosition } from './mapgen.js';
// Whole self-play games on the simulation (bench/selfplay.ts).
import { benchSelfplay, printSelfplay, type SelfplayFigures } from './selfplay.js';
// dipkit's bot: its results against random and holding players and itself, its time per phase (bench/bots.ts).
import { benchBots, printBots, type BotsFigures } from './bots.js';
// A midgame movement phase on every bundled map (bench/variants.ts).
import { benchVariants, printVariants, type VariantFigures } from './variants.js';
// Legal orders as integer rows (benchLegal).
import { legalOrderCodes, newOrderCodeList } from '../src/legal/enumerate.js';
// Drawing the board (benchRender); the PNG rasteriser is an optional dependency, loaded when present.
import { createRequire } from 'node:module';
import { fmt, measure, median, now, table, type Settings, type Stats } from './measure.js';
import { renderSvg } from '../src/render/svg.js';
import { mapsWithArt } from '../src/render/art.js';

// ---------------------------------------------------------------------------------------------------------------
// Workloads

interface Prepared {
  id: number | string;
  position: Position;
  orders: GivenOrder[];
  entry: WorkloadPosition;
  /** The units and orders in integer form (src/orders/codes.ts); undefined when some order has no code form. */
  codes: { units: Int32Array; orders: Int32Array } | undefined;
}

function prepare(map: GameMap, workload: Workload): Prepared[] {
  return workload.positions.map((entry) => {
    const position = workloadPosition(entry);
    if (!position.value) throw new Error(position.issues.map((i) => i.message).join('; '));
    const orders = workloadOrders(map, entry);
    for (const i of orders.issues) process.stderr.write(`bench: warning: ${i.message}\n`);
    const given = orders.value ?? [];
    const units = encodeUnits(map, position.value.units).value;
    const coded = encodeOrders(map, position.value.units, given);
    const codes = units && coded.issues.length === 0 ? { units, orders: coded.value! } : undefined;
    return { id: entry.id, position: position.value, orders: given, entry, codes };
  });
}

/**
 * Which entry point: `adjudicateMovement` ("full": every order's outcome with its reason, each unit's fate, retreat
 * options, the next position) or `resolveMovement` ("lean": the next position only).
 */
type Api = 'full' | 'lean';

const entryPoint = (api: Api): typeof resolveMovement | typeof adjudicateMovement =>
  api === 'lean' ? resolveMovement : adjudicateMovement;

/** Adjudicates each prepared position once (Position and parsed orders in hand). */
function runPrepared(map: GameMap, list: readonly Prepared[], api: Api = 'full'): () => number {
  const adjudicate = entryPoint(api);
  return () => {
    for (const p of list) {
      const r = adjudicate(map, p.position, p.orders);
      if (!r.value) throw new Error(`position ${p.id}: ${r.issues.map((i) => i.message).join('; ')}`);
    }
    return list.length;
  };
}

/** Adjudicates each position from its integer form (`resolveMovementCodes`, one result object reused). */
function runCodes(map: GameMap, list: readonly Prepared[]): () => number {
  const coded = list.map((p) => {
    if (p.codes === undefined) throw new Error(`position ${p.id}: some order has no code form`);
    return p.codes;
  });
  const into = newMovementCodesResult();
  return () => {
    for (const c of coded) {
      const r = resolveMovementCodes(map, c.units, c.orders, undefined, into);
      if (!r.value) throw new Error(r.issues.map((i) => i.message).join('; '));
    }
    return coded.length;
  };
}

/** The same, reading the order text first. */
function runFromText(map: GameMap, list: readonly Prepared[], api: Api = 'full'): () => number {
  const adjudicate = entryPoint(api);
  return () => {
    for (const p of list) {
      const orders = workloadOrders(map, p.entry).value!;
      const r = adjudicate(map, p.position, orders);
      if (!r.value) throw new Error(`position ${p.id}: ${r.issues.map((i) => i.message).join('; ')}`);
    }
    return list.length;
  };
}

interface Row {
  workload: string;
  input: string;
  api?: Api | 'codes';
  units: number;
  stats: Stats;
  note?: string;
}

const avgUnits = (list: readonly Prepared[]): number =>
  list.reduce((a, p) => a + p.position.units.length, 0) / Math.max(1, list.length);

function printRows(rows: readonly Row[]): void {
  const head = [
    'workload',
    'input',
    'api',
    'units',
    'µs/phase (median)',
    'spread (min-max)',
    'cpu µs',
    'phases/s',
    'note',
  ];
  const body = rows.map((r) => [
    r.workload,
    r.input,
    r.api ?? '',
    r.units.toFixed(r.units % 1 === 0 ? 0 : 1),
    fmt(r.stats.median),
    `${fmt(r.stats.min)}-${fmt(r.stats.max)}`,
    fmt(r.stats.cpu),
    Math.round(1e6 / r.stats.median).toLocaleString('en-US'),
    r.note ?? '',
  ]);
  table(head, body);
}

// ---------------------------------------------------------------------------------------------------------------
// Sections

function benchOpening(map: GameMap, s: Settings): Row[] {
  const list = prepare(map, openingWorkload());
  const rows: Row[] = [];
  for (const api of ['full', 'lean'] as const) {
    const units = 22;
    rows.push({
      workload: 'opening',
      input: 'prepared',
      api,
      units,
      stats: measure(runPrepared(map, list, api), s),
    });
    rows.push({
      workload: 'opening',
      input: 'text',
      api,
      units,
      stats: measure(runFromText(map, list, api), s),
    });
  }
  rows.push({
    workload: 'opening',
    input: 'codes',
    api: 'codes',
    units: 22,
    stats: measure(runCodes(map, list), s),
  });
  return rows;
}

function benchMidgame(map: GameMap, s: Settings, list: readonly Prepared[]): Row[] {
  const units = avgUnits(list);
  const rows: Row[] = [];
  for (const api of ['full', 'lean'] as const) {
    const workload = 'midgame (200)';
    rows.push({ workload, input: 'prepared', api, units, stats: measure(runPrepared(map, list, api), s) });
    rows.push({ workload, input: 'text', api, units, stats: measure(runFromText(map, list, api), s) });
  }
  const codes = measure(runCodes(map, list), s);
  rows.push({ workload: 'midgame (200)', input: 'codes', api: 'codes', units, stats: codes });
  return rows;
}

function benchReplay(map: GameMap, s: Settings): Row[] {
  const game = playRandomGame(map, { seed: 3, maxYear: 1930 });
  const records: readonly PhaseRecord[] = game.history;
  const counts = { movement: 0, retreat: 0, adjustment: 0 };
  for (const r of records) counts[r.position.phase.type]++;
  const run = (): number => {
    for (const r of records) {
      const out = resolvePhase(map, r.position, r.orders, game.options);
      if (!out.value) throw new Error(`replay ${r.name}: ${out.issues.map((i) => i.message).join('; ')}`);
    }
    return records.length;
  };
  const units = records.reduce((a, r) => a + r.position.units.length, 0) / records.length;
  return [
    {
      workload: `replay (${records.length} phases)`,
      input: 'prepared',
      units,
      stats: measure(run, s),
      note: `seed 3 to ${game.status}: ${counts.movement} M, ${counts.retreat} R, ${counts.adjustment} A`,
    },
  ];
}

function benchLegal(map: GameMap, s: Settings, list: readonly Prepared[]): Row[] {
  let total = 0;
  for (const p of list) total += legalOrders(map, p.position).length;
  const lazy = (): number => {
    for (const p of list) legalOrders(map, p.position);
    return list.length;
  };
  const withText = (): number => {
    for (const p of list)
      for (const o of legalOrders(map, p.position)) if (o.text.length === 0) throw new Error();
    return list.length;
  };
  // The integer listing, into one reused list: no object per order.
  const into = newOrderCodeList();
  const codes = (): number => {
    for (const p of list) legalOrderCodes(map, p.position, undefined, into);
    return list.length;
  };
  const units = avgUnits(list);
  const note = `${Math.round(total / list.length)} orders per position`;
  return [
    { workload: 'legal orders (200)', input: 'position', units, stats: measure(lazy, s), note },
    {
      workload: 'legal orders (200)',
      input: '+ text',
      units,
      stats: measure(withText, s),
      note: 'every .text read',
    },
    {
      workload: 'legal orders (200)',
      input: 'codes',
      units,
      stats: measure(codes, s),
      note: 'legalOrderCodes, one reused list',
    },
  ];
}

interface ScalingRow {
  provinces: number;
  kind: string;
  units: number;
  /** Undefined when the adjudication failed (the error is in `error`). */
  stats?: Stats;
  error?: string;
}

function benchScaling(s: Settings, midgame: Row | undefined): ScalingRow[] {
  const rows: ScalingRow[] = [];
  const scaled: Settings = { reps: Math.max(3, Math.min(s.reps, 7)), repMs: s.repMs, warmMs: s.warmMs };
  const add = (provinces: number, kind: string, map: GameMap, entry: WorkloadPosition): void => {
    const list = prepare(map, { positions: [entry] });
    const row: ScalingRow = { provinces, kind, units: avgUnits(list) };
    try {
      row.stats = measure(runPrepared(map, list), scaled);
    } catch (e) {
      row.error = e instanceof RangeError ? 'stack overflow' : String(e);
    }
    rows.push(row);
    // The same phase in integer form (resolveMovementCodes): no objects, so no garbage collection in the way.
    const coded: ScalingRow = { provinces, kind: `${kind}, codes`, units: row.units };
    if (list[0]?.codes !== undefined) coded.stats = measure(runCodes(map, list), scaled);
    else coded.error = 'no code form';
    codeRows.push(coded);
  };
  const codeRows: ScalingRow[] = [];
  for (const n of [1000, 10_000, 100_000]) {
    const map = gridMap(n);
    add(n, 'random orders', map, scalingPosition(map, 11));
  }
  for (const n of [1000, 10_000, 100_000]) {
    const map = gridMap(n, 1, 0);
    add(n, 'one chain of moves', map, chainPosition(map));
  }
  rows.push(...codeRows);
  const base = (r: ScalingRow): ScalingRow => rows.find((x) => x.kind === r.kind)!;
  table(
    [
      'map',
      'orders',
      'units',
      'µs/phase (median)',
      'spread (min-max)',
      'time ratio',
      'unit ratio',
      'time/unit ratio',
    ],
    rows.map((r) => {
      const b = base(r);
      const u = r.units / b.units;
      if (!r.stats || !b.stats)
        return [
          `${r.provinces.toLocaleString('en-US')} provinces`,
          r.kind,
          String(r.units),
          r.error ?? '',
          '',
          '',
          u.toFixed(1),
          '',
        ];
      const t = r.stats.median / b.stats.median;
      return [
        `${r.provinces.toLocaleString('en-US')} provinces`,
        r.kind,
        String(r.units),
        fmt(r.stats.median),
        `${fmt(r.stats.min)}-${fmt(r.stats.max)}`,
        t.toFixed(1),
        u.toFixed(1),
        (t / u).toFixed(2),
      ];
    }),
  );
  const big = rows.find((r) => r.provinces === 100_000 && r.kind === 'random orders');
  if (midgame && big?.stats) {
    const t = big.stats.median / midgame.stats.median;
    const u = big.units / midgame.units;
    console.log(
      `\nAgainst the standard-map midgame (${midgame.units.toFixed(1)} units, ${fmt(midgame.stats.median)} µs): ` +
        `${u.toFixed(0)}x the units, ${t.toFixed(0)}x the time (ratio ${(t / u).toFixed(2)}).`,
    );
  }
  return rows;
}

interface WorkerRow {
  /** Objects in and out (structured clone), or JSON text in and out. */
  input: 'objects' | 'json';
  workers: number | 'in-process';
  positions: number;
  ms: number;
  perSecond: number;
}

async function benchWorkers(list: readonly Prepared[], reps: number): Promise<WorkerRow[]> {
  const copies = 50;
  const positions: WorkloadPosition[] = [];
  for (let c = 0; c < copies; c++) for (const p of list) positions.push(p.entry);
  const texts = positions.map((p) => JSON.stringify(p));
  const rows: WorkerRow[] = [];
  const map = standardMap();
  const one = (entry: WorkloadPosition): WorkloadResult =>
    workloadResult(
      entry.id,
      resolveMovement(map, workloadPosition(entry).value!, workloadOrders(map, entry).value!).value!,
    );
  const inProcess = {
    objects: (): void => {
      for (const entry of positions) one(entry);
    },
    json: (): void => {
      for (const text of texts) JSON.stringify(one(JSON.parse(text) as WorkloadPosition));
    },
  };
  const timed = async (f: () => Promise<void> | void): Promise<number> => {
    const times: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = now();
      await f();
      times.push(now() - t0);
    }
    return median(times.sort((a, b) => a - b));
  };
  const per = (ms: number): number => (positions.length * 1000) / ms;
  for (const input of ['objects', 'json'] as const) {
    inProcess[input]();
    const ms = await timed(inProcess[input]);
    rows.push({ input, workers: 'in-process', positions: positions.length, ms, perSecond: per(ms) });
    for (const workers of [1, 2]) {
      const pool = new BatchAdjudicator({ workers });
      const run = async (): Promise<void> => {
        if (input === 'json') await pool.adjudicateJson(texts);
        else await pool.adjudicate(positions);
      };
      await run(); // warm-up
      const wms = await timed(run);
      rows.push({ input, workers, positions: positions.length, ms: wms, perSecond: per(wms) });
      await pool.close();
    }
  }
  table(
    ['in and out', 'workers', 'positions', 'ms (median)', 'positions/s', 'speed-up over 1 worker'],
    rows.map((r) => {
      const one = rows.find((x) => x.input === r.input && x.workers === 1)!;
      return [
        r.input === 'json' ? 'JSON text' : 'objects',
        String(r.workers),
        String(r.positions),
        r.ms.toFixed(0),
        Math.round(r.perSecond).toLocaleString('en-US'),
        r.workers === 'in-process' ? '' : (r.perSecond / one.perSecond).toFixed(2),
      ];
    }),
  );
  return rows;
}

interface MemoryReport {
  /** Which entry point ran: "full" (adjudicateMovement), "guess" (the same with the guess solver), "codes". */
  path: string;
  phases: number;
  heapBeforeMB: number;
  heapAfterMB: number;
  /** Heap after a collection at each tenth of the run. */
  samplesMB: number[];
}

function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * The heap of a long-running process (a server, a batch worker, self-play) over `phases` adjudications, on each
 * entry point whose solver state and scratch are reused from call to call: it must stay flat.
 */
function benchMemory(map: GameMap, list: readonly Prepared[], phases: number): MemoryReport[] {
  const gc = gcFunction();
  const heap = (): number => {
    gc();
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  const paths: [string, () => number][] = [
    ['full', runPrepared(map, list)],
    [
      'guess',
      () => {
        for (const p of list) adjudicateMovement(map, p.position, p.orders, undefined, { resolver: 'guess' });
        return list.length;
      },
    ],
  ];
  if (list.every((p) => p.codes !== undefined)) paths.push(['codes', runCodes(map, list)]);
  return paths.map(([path, run]) => {
    run(); // warm: tables and caches built
    const before = heap();
    const samples: number[] = [];
    const step = Math.max(list.length, Math.ceil(phases / 10 / list.length) * list.length);
    let done = 0;
    while (done < phases) {
      for (let k = 0; k < step && done < phases; k += list.length) done += run();
      samples.push(heap());
    }
    const after = samples[samples.length - 1] ?? before;
    console.log(
      `${path}: ${done.toLocaleString('en-US')} phases in one process: heap ${before.toFixed(2)} MB before, ${after.toFixed(2)} MB after ` +
        `(after each tenth: ${samples.map((x) => x.toFixed(2)).join(', ')} MB)`,
    );
    return { path, phases: done, heapBeforeMB: before, heapAfterMB: after, samplesMB: samples };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// External workloads

function runWorkloadFile(file: string, out: string | undefined, json: boolean, s: Settings): void {
  const map = standardMap();
  const read = readWorkload(JSON.parse(readFileSync(file, 'utf8')));
  if (!read.value) throw new Error(`${file}: ${read.issues.map((i) => i.message).join('; ')}`);
  const list = prepare(map, read.value);
  // Prepared input is the integer form (`resolveMovementCodes`) when every position has one; the same positions
  // from objects (`resolveMovement`), from order text, and with every outcome and reason (`adjudicateMovement`)
  // are timed beside it.
  const coded = list.every((p) => p.codes !== undefined);
  const codes = coded ? measure(runCodes(map, list), s) : undefined;
  const objects = measure(runPrepared(map, list, 'lean'), s);
  const fromText = measure(runFromText(map, list, 'lean'), s);
  const full = measure(runPrepared(map, list, 'full'), s);
  const fullFromText = measure(runFromText(map, list, 'full'), s);
  const prepared = codes ?? objects;
  if (out !== undefined) {
    const results = list.map((p) => workloadResultOf(map, p, coded));
    writeFileSync(out, `${JSON.stringify({ results })}\n`);
  }
  if (json) {
    console.log(
      JSON.stringify({
        workload: file,
        positions: list.length,
        mean_units: avgUnits(list),
        entry_point: coded ? 'resolveMovementCodes' : 'resolveMovement',
        median_us_per_phase: prepared.median,
        min_us_per_phase: prepared.min,
        max_us_per_phase: prepared.max,
        cpu_us_per_phase: prepared.cpu,
        median_us_per_phase_from_text: fromText.median,
        min_us_per_phase_from_text: fromText.min,
        max_us_per_phase_from_text: fromText.max,
        cpu_us_per_phase_from_text: fromText.cpu,
        phases_per_second: 1e6 / prepared.median,
        median_us_per_phase_objects: objects.median,
        full_entry_point: 'adjudicateMovement',
        median_us_per_phase_full: full.median,
        median_us_per_phase_full_from_text: fullFromText.median,
        repetitions: s.reps,
        results: out ?? null,
      }),
    );
    return;
  }
  const units = avgUnits(list);
  const workload = `${file} (${list.length})`;
  printRows([
    ...(codes ? [{ workload, input: 'codes', api: 'codes' as const, units, stats: codes }] : []),
    { workload, input: 'prepared', api: 'lean', units, stats: objects },
    { workload, input: 'text', api: 'lean', units, stats: fromText },
    { workload, input: 'prepared', api: 'full', units, stats: full },
    { workload, input: 'text', api: 'full', units, stats: fullFromText },
  ]);
  if (out !== undefined) console.log(`\nresults written to ${out}`);
}

/**
 * The result entry of a workload position, from the integer outcome when `coded` (the timed path), checked against
 * `resolveMovement`'s position: the bench refuses to write results the two ways in disagree on.
 */
function workloadResultOf(map: GameMap, p: Prepared, coded: boolean): WorkloadResult {
  const expected = workloadResult(p.id, resolveMovement(map, p.position, p.orders).value!);
  if (!coded || p.codes === undefined) return expected;
  const r = resolveMovementCodes(map, p.codes.units, p.codes.orders).value!;
  const result: WorkloadResult = { id: p.id, units: [], dislodged: [] };
  p.position.units.forEach((unit, u) => {
    const text = `${unit.type} ${map.locationCode[r.location[u]!]!}`;
    (r.dislodgedFrom[u] === -1 ? result.units : result.dislodged).push(text);
  });
  if (JSON.stringify(result) !== JSON.stringify(expected))
    throw new Error(`position ${p.id}: the integer outcome differs from resolveMovement's`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Drawing a board: renderSvg on the midgame position with the number of units closest to 30, with its orders and
 * their outcomes (µs per picture); then the same SVG to PNG through @resvg/resvg-js when it is installed.
 */
function benchRender(map: GameMap, s: Settings, list: readonly Prepared[]): Row[] {
  const p = [...list].sort(
    (a, b) => Math.abs(a.position.units.length - 30) - Math.abs(b.position.units.length - 30),
  )[0]!;
  const result = adjudicateMovement(map, p.position, p.orders).value!;
  const units = p.position.units.length;
  const svg = renderSvg(map, p.position, { result });
  const rows: Row[] = [
    {
      workload: 'render SVG (renderSvg)',
      input: 'prepared',
      units,
      stats: measure(() => (renderSvg(map, p.position, { result }).length > 0 ? 1 : 0), s),
      note: `µs per picture; ${p.orders.length} orders with outcomes, ${Math.round(svg.length / 1024)} KiB`,
    },
  ];
  // Every variant drawn with its geographic art, at its start (every unit on the board).
  for (const id of mapsWithArt().filter((m) => m !== 'standard')) {
    const variant = bundledMap(id)!;
    const start = newGame(variant).position;
    const text = renderSvg(variant, start);
    rows.push({
      workload: `render SVG, ${id} art`,
      input: 'start',
      units: start.units.length,
      stats: measure(() => (renderSvg(variant, start).length > 0 ? 1 : 0), s),
      note: `µs per picture; ${variant.provinceCount} provinces, ${Math.round(text.length / 1024)} KiB`,
    });
  }
  type Rasteriser = { Resvg: new (svg: string, o: unknown) => { render(): { asPng(): Uint8Array } } };
  let resvg: Rasteriser | undefined;
  try {
    resvg = createRequire(import.meta.url)('@resvg/resvg-js') as Rasteriser;
  } catch {
    return rows;
  }
  const options = { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } };
  const png = (): number => (new resvg.Resvg(svg, options).render().asPng().length > 0 ? 1 : 0);
  rows.push({
    workload: 'render PNG (resvg-js)',
    input: 'svg',
    units,
    stats: measure(png, { reps: Math.min(s.reps, 5), repMs: 1, warmMs: 1 }),
    note: 'µs per picture, 1200 px wide, system fonts loaded each time',
  });
  return rows;
}

async function main(argv: string[]): Promise<void> {
  let json = false;
  let quick = false;
  let workload: string | undefined;
  let out: string | undefined;
  let only: Set<string> | undefined;
  let reps: number | undefined;
  let memoryPhases: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') json = true;
    else if (a === '--quick') quick = true;
    else if (a === '--workload') workload = argv[++i];
    else if (a === '--out') out = argv[++i];
    else if (a === '--only') only = new Set((argv[++i] ?? '').split(','));
    else if (a === '--reps') reps = Number(argv[++i]);
    else if (a === '--memory-phases') memoryPhases = Number(argv[++i]);
    else {
      process.stderr.write(`bench: unknown argument ${a}\n`);
      process.exitCode = 2;
      return;
    }
  }
  const settings: Settings = {
    reps: reps ?? (quick ? 5 : 15),
    repMs: quick ? 40 : 100,
    warmMs: quick ? 300 : 1000,
  };
  if (workload !== undefined) {
    runWorkloadFile(workload, out, json, settings);
    return;
  }
  const wants = (name: string): boolean => only === undefined || only.has(name);
  const log = json ? (): void => undefined : console.log;
  const saved = console.log;
  if (json) console.log = (): void => undefined;

  const map = standardMap();
  const midgame = prepare(map, midgameWorkload(7, 200));
  log(
    `dipkit bench: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${settings.reps} repetitions\n`,
  );
  const rows: Row[] = [];
  if (wants('opening')) rows.push(...benchOpening(map, settings));
  if (wants('midgame')) rows.push(...benchMidgame(map, settings, midgame));
  if (wants('replay')) rows.push(...benchReplay(map, settings));
  if (wants('legal')) rows.push(...benchLegal(map, settings, midgame));
  if (wants('render')) rows.push(...benchRender(map, settings, midgame));
  if (rows.length > 0) printRows(rows);
  let scaling: ScalingRow[] | undefined;
  if (wants('scaling')) {
    log('\nScaling (generated grid maps, units on most provinces):\n');
    scaling = benchScaling(
      settings,
      rows.find((r) => r.workload.startsWith('midgame') && r.input === 'prepared'),
    );
  }
  let workers: WorkerRow[] | undefined;
  if (wants('workers')) {
    log(
      '\nBatch adjudication over worker threads (midgame positions, orders read from text, resolveMovement, 10,000 per run):\n',
    );
    workers = await benchWorkers(midgame, quick ? 3 : 5);
  }
  let memory: MemoryReport[] | undefined;
  if (wants('memory')) {
    log('\nMemory:\n');
    memory = benchMemory(map, midgame, memoryPhases ?? (quick ? 100_000 : 1_000_000));
  }
  let selfplay: SelfplayFigures | undefined;
  if (wants('selfplay')) {
    log('');
    selfplay = await benchSelfplay(map, settings.reps, quick);
    if (!json) printSelfplay(selfplay);
  }
  let variants: VariantFigures[] | undefined;
  if (wants('variants')) {
    log('\nA midgame movement phase on each bundled map (self-play positions):\n');
    variants = benchVariants(settings);
    printVariants(variants);
  }
  let bots: BotsFigures | undefined;
  if (wants('bots')) {
    bots = benchBots(quick, (line) => log(`\n${line}`));
    if (!json) printBots(bots);
  }
  console.log = saved;
  if (json) {
    console.log(
      JSON.stringify(
        {
          ...selfplay,
          node: process.version,
          cores: cpus().length,
          repetitions: settings.reps,
          rows: rows.map((r) => ({
            workload: r.workload,
            input: r.input,
            api: r.api ?? null,
            units: r.units,
            median_us_per_phase: r.stats.median,
            min_us_per_phase: r.stats.min,
            max_us_per_phase: r.stats.max,
            cpu_us_per_phase: r.stats.cpu,
            phases_per_second: 1e6 / r.stats.median,
            note: r.note ?? null,
          })),
          scaling: scaling?.map((r) => ({
            provinces: r.provinces,
            orders: r.kind,
            units: r.units,
            median_us_per_phase: r.stats?.median ?? null,
            min_us_per_phase: r.stats?.min ?? null,
            max_us_per_phase: r.stats?.max ?? null,
            error: r.error ?? null,
          })),
          workers,
          memory,
          variants,
          bots,
        },
        null,
        2,
      ),
    );
  }
}

await main(process.argv.slice(2));
