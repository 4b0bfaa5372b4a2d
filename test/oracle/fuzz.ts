/**
 * Fuzzing inputs and targets: random and hostile texts and JSON for the order parser, the position text reader,
 * the game JSON and MILA JSON readers and the jDip reader. Each target takes a text, calls the reader, and follows
 * up on what it read the way the CLI would (adjudicate the position, list legal orders, process or replay the
 * game); `resultProblems` says what is wrong with an answer. Everything is seeded.
 */
import { adjudicateMovement } from '../../src/adjudication/movement/adjudicate.js';
import { readGameJson, writeGameJson } from '../../src/formats/game-json.js';
import { readJdipCases } from '../../src/formats/jdip.js';
import { readMilaJson, readMilaRecorded, writeMilaJson } from '../../src/formats/mila-json.js';
import { readPositionText } from '../../src/formats/position-text.js';
import { processPhase } from '../../src/game/game.js';
import { replay } from '../../src/game/replay.js';
import { listLegalOrders } from '../../src/legal/enumerate.js';
import { standardMap } from '../../src/map/compile.js';
import { parseOrders } from '../../src/orders/parse.js';
import { playRandomGame } from '../../src/selfplay/random-player.js';
import type { Random } from './generate.js';

const map = standardMap();

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function int(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Texts

const TOKENS = [
  'A',
  'F',
  'S',
  'C',
  'H',
  'R',
  'B',
  'D',
  '-',
  '->',
  '=>',
  'VIA',
  'via convoy',
  'supports',
  'convoys',
  'holds',
  'Build',
  'Disband',
  'WAIVE',
  'Retreat',
  ':',
  '/',
  '/nc',
  '/sc',
  '(nc)',
  '(',
  ')',
  '#',
  '//',
  ',',
  ';',
  '.',
  '*',
  'phase:',
  'units:',
  'orders:',
  'centers:',
  'S1901M',
  'F1901R',
  'W1901A',
  'Spring 1901 Movement',
  'Winter 9999',
  'CASE',
  'PRESTATE',
  'PRESTATE_SETPHASE',
  'PRESTATE_DISLODGED',
  'PRESTATE_RESULTS',
  'ORDERS',
  'POSTSTATE',
  'POSTSTATE_DISLODGED',
  'POSTSTATE_SAME',
  'END',
  'VARIANT_ALL',
  'Standard',
  'SUCCESS:',
  'FAILURE:',
  'England:',
  'France',
  'GERMANY',
  'Italian',
  'RUS',
  'Turkey:',
  'Austria-Hungary',
  'Nobody:',
  'PAR',
  'bur',
  'St Petersburg',
  'stp/sc',
  'spa/nc',
  'Mid-Atlantic Ocean',
  'nth',
  'NWG',
  'XXX',
  'lon',
  'bel',
  'hol',
  '1901',
  '-1',
  '0',
  '99999999999999999999',
  '1e9',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '\u00e9',
  '\u{1d538}',
  '\ud800',
  '\udfff',
  '\u200b',
  '\u0000',
  '\ufeff',
  '\u202e',
  '\u00a0',
  '\t',
  '\r',
  '\r\n',
  '\n',
  '\n\n',
  ' ',
  '   ',
];

/** A random text: tokens, random characters (control, unicode, lone surrogates) and blanks. */
export function randomText(random: Random, maxTokens = 60): string {
  const parts: string[] = [];
  const n = int(random, 0, maxTokens);
  for (let i = 0; i < n; i++) {
    const r = random();
    if (r < 0.6) parts.push(pick(random, TOKENS));
    else if (r < 0.75) parts.push(' ');
    else if (r < 0.85) parts.push('\n');
    else if (r < 0.95) parts.push(String.fromCharCode(int(random, 0, 127)));
    else parts.push(String.fromCharCode(int(random, 0, 0xffff)));
  }
  return parts.join(random() < 0.5 ? ' ' : '');
}

/** A few random edits of a text: deletions, duplications, insertions, replacements, line swaps, truncation. */
export function mutateText(random: Random, text: string): string {
  let t = text;
  const edits = int(random, 1, 6);
  for (let e = 0; e < edits; e++) {
    const at = int(random, 0, t.length);
    const len = int(random, 0, Math.min(40, t.length - at));
    const r = random();
    if (r < 0.2) t = t.slice(0, at) + t.slice(at + len);
    else if (r < 0.35) t = t.slice(0, at + len) + t.slice(at, at + len) + t.slice(at + len);
    else if (r < 0.55) t = t.slice(0, at) + pick(random, TOKENS) + t.slice(at);
    else if (r < 0.65) t = t.slice(0, at) + String.fromCharCode(int(random, 0, 0xffff)) + t.slice(at + 1);
    else if (r < 0.8) {
      const lines = t.split('\n');
      const i = int(random, 0, lines.length - 1);
      const j = int(random, 0, lines.length - 1);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      t = lines.join('\n');
    } else if (r < 0.9) t = t.slice(0, at);
    else {
      const lines = t.split('\n');
      const i = int(random, 0, lines.length - 1);
      lines.splice(i, 0, ...Array<string>(int(random, 2, 300)).fill(lines[i]!));
      t = lines.join('\n');
    }
  }
  return t;
}

/** Texts that have broken parsers elsewhere: huge, deep, repetitive, empty, binary. */
export function hostileTexts(): string[] {
  return [
    '',
    '\n',
    '\u0000'.repeat(1000),
    '\ufeff',
    'A'.repeat(200000),
    'A PAR - '.repeat(20000),
    `${'('.repeat(50000)}`,
    `${'['.repeat(100000)}`,
    `${'{"a":'.repeat(50000)}1${'}'.repeat(50000)}`,
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    '{"format": "dipkit-game", "version": 1e400}',
    'null',
    '[]',
    '"just a string"',
    '1',
    'true',
    '\ud800\udc00\ud800',
    'phase:\nphase:\nunits:\nunits:\n',
    'CASE\nCASE\nCASE\nEND\nEND',
    `${'England: A lon\n'.repeat(5000)}`,
    `orders:\n${'A PAR S A PAR S A PAR S '.repeat(3000)}`,
    'phase: S99999999999999999999M\nunits:\n  France: A PAR\norders:\n  France: A PAR - BUR',
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Seeds: valid inputs that the mutations start from

const POSITION_TEXT = `# A convoy and a support cut
phase: Spring 1901 Movement

units:
  England: F North Sea, A Yorkshire, F English Channel, F Heligoland Bight
  France: A Belgium, F Brest, F spa/nc
  Germany: A Holland, F kie

centers:
  England: LON, EDI
  France: BRE, PAR

orders:
  England: F North Sea Convoys A Yorkshire - Belgium
  England: A Yorkshire - Belgium
  England: F English Channel Supports A Yorkshire - Belgium
  England: F Heligoland Bight - Holland
  France: A Belgium Holds
  France: F spa/nc - mao
  France: F bre S F spa/nc - mao
  Germany: A Holland Supports A Belgium
  Germany: F kie - hol
`;

const ORDERS_TEXT = `ENGLAND: F LON - ENG
ENGLAND: A LVP - YOR VIA
France: A Paris -> Burgundy
F brest - mid-atlantic ocean
GERMAN A MUN S A BER - SIL
Italy: F NAP C A APU - TUN
A ROM H
F BLA R SEV
A PAR B
F STP/SC B
WAIVE
Russia: A WAR D
`;

const JDIP_TEXT = `# header comment
VARIANT_ALL Standard

CASE 6.A.5 (Move to own sector with convoy)
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tEngland: A lvp
\tEngland: F spa/nc
\tGermany: F lon
ORDERS
\tEngland: A lvp-yor
\tGermany: F lon-nth
POSTSTATE
\tEngland: A yor
\tEngland: F spa/nc
\tGermany: F nth
POSTSTATE_DISLODGED
\tFrance: A bre
END

CASE 6.H.1
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
\tItaly: A tri
PRESTATE_DISLODGED
\tAustria: F tri
PRESTATE_RESULTS
\tFAILURE: Austria: F tri H
\tSUCCESS: Italy: A tyr-tri
ORDERS
\tAustria: F tri-alb
POSTSTATE
\tItaly: A tri
\tAustria: F alb
END
`;

let gameTexts: { dipkit: string; mila: string } | undefined;

/** A short self-played game, as a dipkit game file and as MILA JSON. */
function games(): { dipkit: string; mila: string } {
  if (!gameTexts) {
    const game = playRandomGame(map, { seed: 5, maxYear: 1902 });
    gameTexts = { dipkit: writeGameJson(game), mila: writeMilaJson(map, game) };
  }
  return gameTexts;
}

// ---------------------------------------------------------------------------------------------------------------
// JSON mutations

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function hostileValue(random: Random): Json {
  const r = int(random, 0, 13);
  switch (r) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return -1;
    case 3:
      return 1e308;
    case 4:
      return 0.5;
    case 5:
      return '';
    case 6:
      return 'x'.repeat(int(random, 1, 5000));
    case 7:
      return [];
    case 8:
      return {};
    case 9:
      return randomText(random, 10);
    case 10: {
      let deep: Json = 1;
      for (let i = 0; i < int(random, 10, 3000); i++) deep = [deep];
      return deep;
    }
    case 11:
      return { __proto__: { polluted: true }, constructor: 'x' };
    case 12:
      return Array.from({ length: int(random, 1, 50) }, () => pick(random, TOKENS));
    default:
      return 2 ** 53 + 1;
  }
}

/**
 * A copy of a JSON value with `edits` random changes (1-3 by default) at random places of the tree: a value
 * replaced by a hostile one, a key or item dropped, a key renamed, an item duplicated.
 */
export function mutateJson(random: Random, value: Json, edits = int(random, 1, 3)): Json {
  const root: { v: Json } = { v: structuredClone(value) };
  for (let e = 0; e < edits; e++) {
    // The containers of the tree, with each of their keys: pick one slot at random.
    const slots: [Record<string, Json> | Json[], string | number][] = [[root, 'v']];
    const walk = (node: Json): void => {
      if (Array.isArray(node)) node.forEach((item, i) => (slots.push([node, i]), walk(item)));
      else if (node !== null && typeof node === 'object')
        for (const [k, item] of Object.entries(node)) {
          slots.push([node, k]);
          walk(item);
        }
    };
    walk(root.v);
    const [parent, key] = pick(random, slots);
    const r = random();
    if (Array.isArray(parent)) {
      const i = key as number;
      if (r < 0.5) parent[i] = hostileValue(random);
      else if (r < 0.75) parent.splice(i, 1);
      else parent.splice(i, 0, structuredClone(parent[i]!));
    } else {
      const k = key as string;
      if (r < 0.55 || k === 'v') parent[k] = hostileValue(random);
      else if (r < 0.8) delete parent[k];
      else {
        parent[random() < 0.5 ? k.toUpperCase() : `${k}_`] = parent[k]!;
        delete parent[k];
      }
    }
  }
  return root.v;
}

// ---------------------------------------------------------------------------------------------------------------
// Targets

interface Answer {
  value?: unknown;
  issues: { code: string; message: string }[];
}

/** What is wrong with an answer: a missing or malformed issue list, no issue without a value, stack traces. */
export function resultProblems(answer: unknown): string[] {
  const problems: string[] = [];
  if (answer === null || typeof answer !== 'object') return ['the answer is not an object'];
  const a = answer as Partial<Answer>;
  if (!Array.isArray(a.issues)) return ['the answer has no issue list'];
  if (a.value === undefined && a.issues.length === 0) problems.push('neither a value nor an issue');
  for (const i of a.issues as unknown[]) {
    const issue = i as Partial<Answer['issues'][number]> | null;
    if (issue === null || typeof issue !== 'object') {
      problems.push('an issue that is not an object');
      continue;
    }
    if (typeof issue.code !== 'string' || !/^[a-z][a-z0-9-]*$/.test(issue.code))
      problems.push(`an issue without a specific code: ${String(issue.code)}`);
    if (typeof issue.message !== 'string' || issue.message === '')
      problems.push(`issue ${String(issue.code)} has no message`);
    else if (/\n\s+at /.test(issue.message)) problems.push(`issue ${issue.code} carries a stack trace`);
  }
  return problems;
}

export interface Target {
  name: string;
  /** Inputs to feed, at a seed. */
  inputs(random: Random, count: number): string[];
  /** Reads the input and follows up; returns the problems with the answers. Throws only on a bug. */
  run(text: string): string[];
}

function mixed(random: Random, count: number, seeds: readonly string[]): string[] {
  const out = [...hostileTexts()];
  while (out.length < count) {
    const r = random();
    if (r < 0.3) out.push(randomText(random));
    else out.push(mutateText(random, pick(random, seeds)));
  }
  return out;
}

function jsonInputs(random: Random, count: number, seed: string): string[] {
  const parsed = JSON.parse(seed) as Json;
  const out = [...hostileTexts()];
  while (out.length < count) {
    const r = random();
    if (r < 0.7) out.push(JSON.stringify(mutateJson(random, parsed)));
    else if (r < 0.9) out.push(mutateText(random, seed));
    else out.push(randomText(random));
  }
  return out;
}

export const TARGETS: Target[] = [
  {
    name: 'parseOrders',
    inputs: (random, count) => mixed(random, count, [ORDERS_TEXT]),
    run: (text) => resultProblems(parseOrders(map, text)),
  },
  {
    name: 'readPositionText',
    inputs: (random, count) => mixed(random, count, [POSITION_TEXT]),
    run: (text) => {
      const r = readPositionText(map, text, 'fuzz.txt');
      const problems = resultProblems(r);
      if (r.value) {
        const { position, orders } = r.value;
        problems.push(...resultProblems(listLegalOrders(map, position)));
        if (position.phase.type === 'movement')
          for (const resolver of ['partial-information', 'guess'] as const)
            problems.push(
              ...resultProblems(adjudicateMovement(map, position, orders, undefined, { resolver })),
            );
      }
      return problems;
    },
  },
  {
    name: 'readJdipCases',
    inputs: (random, count) => mixed(random, count, [JDIP_TEXT]),
    run: (text) => resultProblems(readJdipCases(map, text, 'fuzz.txt')),
  },
  {
    name: 'readGameJson',
    inputs: (random, count) => jsonInputs(random, count, games().dipkit),
    run: (text) => {
      const r = readGameJson(text);
      const problems = resultProblems(r);
      if (r.value) {
        problems.push(...resultProblems(listLegalOrders(map, r.value.position)));
        if (r.value.status === 'active') problems.push(...resultProblems(processPhase(map, r.value)));
      }
      return problems;
    },
  },
  {
    name: 'readMilaJson',
    inputs: (random, count) => jsonInputs(random, count, games().mila),
    run: (text) => {
      const r = readMilaJson(text);
      const problems = resultProblems(r);
      if (r.value && r.value.status === 'active')
        problems.push(...resultProblems(processPhase(map, r.value)));
      const recorded = readMilaRecorded(text);
      problems.push(...resultProblems(recorded));
      if (recorded.value) replay(map, recorded.value.recorded);
      return problems;
    },
  },
];

/** Seed files for the CLI: a position text, a dipkit game file and a MILA game. */
export function cliSeeds(): { position: string; game: string; mila: string; jdip: string } {
  const g = games();
  return { position: POSITION_TEXT, game: g.dipkit, mila: g.mila, jdip: JDIP_TEXT };
}
