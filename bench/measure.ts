/**
 * Measuring for `npm run bench`: repetitions timed by wall clock and process CPU time, and the tables the figures
 * are printed in.
 */

export interface Stats {
  /** µs per phase (wall clock): median, fastest and slowest repetition. */
  median: number;
  min: number;
  max: number;
  /** µs of process CPU time per phase, median: less disturbed than wall time when other processes share the cores. */
  cpu: number;
  reps: number;
}

export interface Settings {
  reps: number;
  /** Minimum length of one repetition, ms. */
  repMs: number;
  warmMs: number;
}

export const now = (): number => performance.now();

/** Times `run` (which returns the number of phases it did): warm-up, then `reps` repetitions of at least repMs. */
export function measure(run: () => number, s: Settings): Stats {
  let phases = 0;
  let t0 = now();
  let calls = 0;
  do {
    phases += run();
    calls++;
  } while (now() - t0 < s.warmMs);
  const perCall = (now() - t0) / calls;
  const iterations = Math.max(1, Math.ceil(s.repMs / Math.max(perCall, 1e-3)));
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < s.reps; r++) {
    phases = 0;
    const c0 = process.cpuUsage();
    t0 = now();
    for (let i = 0; i < iterations; i++) phases += run();
    times.push(((now() - t0) * 1000) / phases);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / phases);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    median: median(times),
    min: times[0]!,
    max: times[times.length - 1]!,
    cpu: median(cpu),
    reps: s.reps,
  };
}

export function median(sorted: readonly number[]): number {
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

export function fmt(x: number): string {
  if (x >= 1000) return x.toFixed(0);
  if (x >= 100) return x.toFixed(1);
  return x.toFixed(2);
}

export function table(head: readonly string[], body: readonly (readonly string[])[]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (/^[\d.,x-]+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));
}
