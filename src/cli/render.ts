/**
 * `dipkit render INPUT [--out FILE.svg|FILE.png] [--phase S1902M] [--no-orders] [--no-outcomes] [--geometry FILE]`:
 * draws a position-and-orders file with its adjudication, or a phase of a game file, as SVG (src/render/) or PNG.
 * PNG goes through @resvg/resvg-js, an optional dependency loaded only when a PNG is asked for.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseCommandArgs, readTextFile, Report } from './io.js';
import { adjudicateAdjustments } from '../adjudication/adjustment.js';
import { adjudicateMovement } from '../adjudication/movement/adjudicate.js';
import { adjudicateRetreats } from '../adjudication/retreat.js';
import type { RuleOptions } from '../adjudication/rules.js';
import { gameFromJson, parseJson } from '../formats/game-json.js';
import { gameFileMap, mapFlag, mapFlagHelp, positionFileMap } from './map-arg.js';
import { looksLikeMila, readMilaJson } from '../formats/mila-json.js';
import { readPositionText } from '../formats/position-text.js';
import { gameRules, type Game } from '../game/game.js';
import { parsePhaseName, phaseName } from '../game/phases.js';
import { formatIssue, issue, type Issue, type Result } from '../issues.js';
import type { GameMap } from '../map/types.js';
import type { GivenOrder } from '../orders/types.js';
import type { Position } from '../position/types.js';
import { readGeometry, type BoardGeometry } from '../render/geometry.js';
import { renderSvg, type RenderOptions, type RenderResult } from '../render/svg.js';

export const summary = 'draw a position, its orders and their outcomes as SVG or PNG';

export const usage = `Usage: dipkit render INPUT [--out FILE.svg|FILE.png] [--phase S1902M] [--no-orders] [--no-outcomes]
                     [--crop] [--caption TEXT] [--geometry FILE.json] [--map NAME|FILE]

Draws a board: provinces, supply centres in their owner's colour, units, orders as arrows, rings and lines, and
the outcome of each order (failed and cut orders dashed and crossed, standoffs, dislodgements, paradoxes), with a
legend. INPUT is
  - a position-and-orders file (see "dipkit adjudicate --help"): drawn with the adjudication of its orders, or
  - a game: a dipkit game file or a MILA/dipcc game JSON. --phase picks a phase of its history, drawn with its
    orders and their outcomes; by default the current phase, with the orders submitted so far.

Options:
  --out FILE        write FILE instead of printing the SVG; a name ending in .png writes a PNG (needs the
                    optional dependency @resvg/resvg-js)
  --phase NAME      the phase to draw (S1901M, F1902R, W1902A)
  --no-orders       draw the position only
  --no-outcomes     draw the orders without their outcomes
  --crop            draw only the part of the board around the units and orders
  --caption TEXT    a caption after the phase name in the legend
  --geometry FILE   the map's shapes as JSON (the format of src/map/standard.geometry.json); by default the
                    built-in geometry, or a schematic layout for a map without one
${mapFlagHelp(20)}
  -h, --help        show this help

Exit status: 0 drawn, 2 bad input (unreadable file, bad position, unknown phase, broken geometry; messages
"FILE:line:col  code  message").`;

const usageHint = 'Run "dipkit render --help" for usage.\n';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function printIssues(issues: readonly Issue[], file: string, note = ''): void {
  for (const i of issues) process.stderr.write(`${formatIssue({ ...i, source: i.source ?? file })}${note}\n`);
}

/** A phase to draw: the position, and its orders with or without their adjudication. */
interface Scene {
  map: GameMap;
  position: Position;
  orders: GivenOrder[];
  result?: RenderResult;
}

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  const report = new Report('render', false);
  const parsed = parseCommandArgs(report, args, {
    out: { type: 'string', short: 'o' },
    phase: { type: 'string' },
    'no-orders': { type: 'boolean' },
    'no-outcomes': { type: 'boolean' },
    geometry: { type: 'string' },
    crop: { type: 'boolean' },
    caption: { type: 'string' },
    ...mapFlag,
  });
  if (!parsed) return 2;
  const values = parsed.values;
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    process.stderr.write(
      `dipkit render: expected exactly one INPUT, got ${parsed.positionals.length}\n${usageHint}`,
    );
    return 2;
  }
  const out = values.out;
  if (out !== undefined && !/\.(svg|png)$/i.test(out)) {
    process.stderr.write(`dipkit render: --out must name a .svg or .png file, not "${out}"\n${usageHint}`);
    return 2;
  }
  const file = parsed.positionals[0] ?? '';
  const text = readTextFile(report, file);
  if (text === undefined) return 2;
  const input: SceneInput = { report, file, text, phase: values.phase, mapFlagValue: values.map };
  const read = text.trimStart().startsWith('{') ? gameScene(input) : positionScene(input);
  if (!read) return 2;

  const options: RenderOptions = {};
  if (values.geometry !== undefined) {
    const geometry = geometryFile(report, values.geometry, read.map);
    if (!geometry) return 2;
    options.geometry = geometry;
  }
  if (values['no-orders'] === true) options.showOrders = false;
  if (values['no-outcomes'] === true) options.showOutcomes = false;
  if (values.crop === true) options.crop = true;
  if (values.caption !== undefined) options.caption = values.caption;
  if (read.result) options.result = read.result;
  else options.orders = read.orders;
  const svg = renderSvg(read.map, read.position, options);

  if (out === undefined) {
    process.stdout.write(svg);
    return 0;
  }
  let bytes: string | Uint8Array = svg;
  if (/\.png$/i.test(out)) {
    const png = svgToPng(svg);
    if ('issue' in png) {
      printIssues([png.issue], out);
      return 2;
    }
    bytes = png.value;
  }
  try {
    writeFileSync(out, bytes);
  } catch (e) {
    process.stderr.write(`${out}  write-error  ${errorMessage(e)}\n`);
    return 2;
  }
  return 0;
}

/** The `--phase` value as a phase name, or an issue. */
function wantedPhase(name: string | undefined): Result<string | undefined> {
  if (name === undefined) return { value: undefined, issues: [] };
  const phase = parsePhaseName(name);
  if (!phase)
    return {
      issues: [issue('bad-phase', `--phase: "${name}" is not a phase name such as S1901M, F1901R or W1901A`)],
    };
  return { value: phaseName(phase), issues: [] };
}

/** What a scene is drawn from: the input file and its text, --phase and --map. */
interface SceneInput {
  report: Report;
  file: string;
  text: string;
  phase: string | undefined;
  mapFlagValue: string | undefined;
}

/** A position-and-orders file, adjudicated. */
function positionScene({ report, file, text, phase, mapFlagValue }: SceneInput): Scene | undefined {
  const wanted = wantedPhase(phase);
  if (wanted.issues.length > 0) {
    printIssues(wanted.issues, file);
    return undefined;
  }
  const map = positionFileMap(report, mapFlagValue, text, file);
  if (!map) return undefined;
  const read = readPositionText(map, text, file);
  const orderIssues = new Set<Issue>(read.value?.orderIssues ?? []);
  const errors = read.issues.filter((i) => !orderIssues.has(i));
  printIssues([...orderIssues], file, '  (order skipped: the unit holds)');
  if (!read.value || errors.length > 0) {
    printIssues(errors, file);
    return undefined;
  }
  const { position, orders } = read.value;
  const name = phaseName(position.phase);
  if (wanted.value !== undefined && wanted.value !== name) {
    printIssues([issue('no-such-phase', `the file is a position of ${name}, not of ${wanted.value}`)], file);
    return undefined;
  }
  const result = adjudicate(map, position, orders);
  if (!result.value) {
    printIssues(result.issues, file);
    return undefined;
  }
  return { map, position, orders, result: result.value };
}

/** Adjudicates a phase of any kind. */
function adjudicate(
  map: GameMap,
  position: Position,
  orders: readonly GivenOrder[],
  rules?: RuleOptions,
): Result<RenderResult> {
  switch (position.phase.type) {
    case 'movement':
      return adjudicateMovement(map, position, orders, rules);
    case 'retreat':
      return adjudicateRetreats(map, position, orders, rules);
    case 'adjustment':
      return adjudicateAdjustments(map, position, orders, rules);
  }
}

/** A game file's phase: one of its history (adjudicated again, for its standoffs) or the current one. */
function gameScene({ report, file, text, phase, mapFlagValue }: SceneInput): Scene | undefined {
  const wanted = wantedPhase(phase);
  const json = parseJson(text);
  if ('issue' in json || wanted.issues.length > 0) {
    printIssues('issue' in json ? [json.issue] : wanted.issues, file);
    return undefined;
  }
  const map = gameFileMap(report, mapFlagValue, json.value, file);
  if (!map) return undefined;
  const read: Result<Game> = looksLikeMila(json.value) ? readMilaJson(text) : gameFromJson(json.value, map);
  if (!read.value) {
    printIssues(read.issues, file);
    return undefined;
  }
  printIssues(read.issues, file, ' (warning)');
  const game = read.value;
  const current = phaseName(game.position.phase);
  const toGiven = (o: { power: string; order: GivenOrder['order'] }): GivenOrder => ({
    power: o.power,
    order: o.order,
  });
  if (wanted.value === undefined || wanted.value === current) {
    return { map, position: game.position, orders: game.orders.map(toGiven) };
  }
  const record = game.history.find((r) => r.name === wanted.value);
  if (!record) {
    const names = [...game.history.map((r) => r.name), current];
    printIssues(
      [
        issue(
          'no-such-phase',
          `the game has no phase ${wanted.value}; its phases are ${names[0]} to ${names[names.length - 1]}: ${names.join(', ')}`,
        ),
      ],
      file,
    );
    return undefined;
  }
  const orders = record.orders.map(toGiven);
  const result = adjudicate(map, record.position, orders, gameRules(game.options));
  if (!result.value) {
    printIssues(result.issues, file);
    return undefined;
  }
  return { map, position: record.position, orders, result: result.value };
}

/** A geometry file, checked against the map. */
function geometryFile(report: Report, file: string, map: GameMap): BoardGeometry | undefined {
  const text = readTextFile(report, file);
  if (text === undefined) return undefined;
  const json = parseJson(text);
  if ('issue' in json) {
    printIssues([json.issue], file);
    return undefined;
  }
  const read = readGeometry(map, json.value);
  if (!read.value) printIssues(read.issues, file);
  return read.value;
}

interface Resvg {
  render(): { asPng(): Uint8Array };
}
type ResvgModule = { Resvg: new (svg: string, options: unknown) => Resvg };

/** The SVG as PNG through @resvg/resvg-js (loaded on demand), with the system's fonts (DejaVu Sans preferred). */
function svgToPng(svg: string): { value: Uint8Array } | { issue: Issue } {
  let resvg: ResvgModule;
  try {
    resvg = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  } catch {
    return {
      issue: issue(
        'no-png-support',
        'PNG output needs the optional package @resvg/resvg-js (npm install @resvg/resvg-js); write a .svg instead',
      ),
    };
  }
  // Small (cropped) boards are scaled up to 1200 pixels wide, so that their text stays legible.
  const width = Number(/width="([\d.]+)"/.exec(svg)?.[1] ?? 1200);
  const options = {
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    background: '#FFFFFF',
    fitTo: { mode: 'width', value: Math.max(1200, Math.round(width)) },
  };
  return { value: new resvg.Resvg(svg, options).render().asPng() };
}
