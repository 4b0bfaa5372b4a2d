/**
 * `dipkit adjudicate FILE [--json]`: reads a position with orders (src/formats/position-text.ts) and adjudicates
 * its movement phase. Bad position lines are errors (exit 2); bad order lines are warnings, and those orders are
 * left out (the unit holds).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ruleFlags, ruleFlagsHelp, rulesFromFlags } from './rule-flags.js';
import { movementAdjudicator, resolverFlag, resolverFlagHelp, resolverFromFlag } from './resolver-flag.js';
import type { MovementResult, OrderOutcome, Reason } from '../adjudication/outcome.js';
import { readPositionText, phaseName } from '../formats/position-text.js';
import { formatIssue, type Issue } from '../issues.js';
import { standardMap } from '../map/compile.js';
import type { GameMap } from '../map/types.js';
import { formatOrder } from '../orders/format.js';
import type { Position } from '../position/types.js';

export const summary = 'adjudicate the movement phase of a position-and-orders file';

export const usage = `Usage: dipkit adjudicate FILE [--json] [--rules PRESET] [--rule ISSUE=CHOICE]... [--resolver NAME]

Reads a position and orders in dipkit's text format and adjudicates the movement phase:

  phase: Spring 1901 Movement         (or S1901M)
  units:
    England: F London, F North Sea, A Yorkshire
    France: A Paris
  centers:                            (optional)
    England: LON, EDI, LVP
  orders:
    England: F NTH C A YOR - BEL      (DATC long form, jDip short form or MILA form)

Prints each order with its resolution and the reason, the dislodged units with the attacker's origin and their
retreats, the provinces left empty by a standoff, and the position after the phase.

Options:
  --json       print the result as JSON (each order outcome also carries "text", the canonical order)
${ruleFlagsHelp}
${resolverFlagHelp}
  -h, --help   show this help

Exit status: 0 adjudicated (order lines that cannot be read are warnings, and their units hold),
             2 the file cannot be read or the position is bad (messages "FILE:line:col  code  message").`;

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean' },
        ...ruleFlags,
        ...resolverFlag,
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    process.stderr.write(`dipkit adjudicate: ${errorMessage(e)}\n${usageHint}`);
    return 2;
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    process.stderr.write(
      `dipkit adjudicate: expected exactly one FILE, got ${parsed.positionals.length}\n${usageHint}`,
    );
    return 2;
  }
  const file = parsed.positionals[0] ?? '';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}  read-error  ${errorMessage(e)}\n`);
    return 2;
  }

  const rules = rulesFromFlags('adjudicate', parsed.values);
  if (!rules) return 2;
  const resolver = resolverFromFlag('adjudicate', parsed.values.resolver);
  if (!resolver) return 2;
  const map = standardMap();
  const read = readPositionText(map, text, file);
  const value = read.value;
  const orderIssues = new Set<Issue>(value?.orderIssues ?? []);
  const errors = read.issues.filter((i) => !orderIssues.has(i));
  for (const i of read.issues) {
    process.stderr.write(
      `${formatIssue(i)}${orderIssues.has(i) ? '  (order skipped: the unit holds)' : ''}\n`,
    );
  }
  if (!value || errors.length > 0) return 2;
  const { position, orders } = value;
  if (position.phase.type !== 'movement') {
    const where = value.phaseLine === undefined ? file : `${file}:${value.phaseLine}:1`;
    process.stderr.write(
      `${where}  unsupported-phase  ${phaseName(position.phase)}: only movement phases can be adjudicated yet\n`,
    );
    return 2;
  }

  const result = movementAdjudicator(resolver)(map, position, orders, rules);
  if (!result.value) {
    for (const i of result.issues) process.stderr.write(`${formatIssue({ ...i, source: file })}\n`);
    return 2;
  }
  const outcome = result.value;
  if (parsed.values.json === true) {
    const json = {
      ...outcome,
      orders: outcome.orders.map((o) => ({ text: formatOrder(map, o.given.order), ...o })),
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    process.stdout.write(renderText(map, position, outcome));
  }
  return 0;
}

const usageHint = 'Run "dipkit adjudicate --help" for usage.\n';

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The text report: orders with results, dislodged units, contested provinces, the position after. */
export function renderText(map: GameMap, before: Position, result: MovementResult): string {
  const out: string[] = [];
  out.push(
    `${phaseName(before.phase)}: ${result.orders.length} order${result.orders.length === 1 ? '' : 's'}`,
  );
  out.push('');
  const rows = result.orders.map((o) => [
    o.given.power ?? '-',
    formatOrder(map, o.given.order),
    o.resolution,
    explain(o),
  ]);
  const width = (k: number): number => Math.max(0, ...rows.map((r) => (r[k] ?? '').length));
  const w0 = width(0);
  const w1 = width(1);
  const w2 = width(2);
  for (const [power, order, resolution, why] of rows) {
    out.push(
      `${(power ?? '').padEnd(w0)}  ${(order ?? '').padEnd(w1)}  ${(resolution ?? '').padEnd(w2)}  (${why ?? ''})`,
    );
  }
  const ordered = new Set(result.orders.map((o) => o.unit).filter((u) => u !== undefined));
  const idle = result.units.filter((u) => !ordered.has(`${u.unit.type} ${u.unit.location}`));
  if (idle.length > 0) {
    out.push(
      `No order (holds): ${idle.map((u) => `${u.unit.power} ${u.unit.type} ${u.unit.location}`).join(', ')}`,
    );
  }

  out.push('');
  out.push('Dislodged:');
  if (result.dislodged.length === 0) out.push('  none');
  for (const d of result.dislodged) {
    const by = result.units.find((u) => u.unit.location === d.location)?.dislodged?.by;
    const attacker = `${by === undefined ? 'dislodged' : `dislodged by ${by}`} from ${d.attackerFrom}${d.byConvoy === true ? ' (by convoy)' : ''}`;
    const retreats =
      d.retreats.length === 0 ? 'no retreat: destroyed' : `may retreat to ${d.retreats.join(', ')}`;
    out.push(`  ${d.power} ${d.type} ${d.location}  ${attacker}; ${retreats}`);
  }
  out.push(
    `Contested (no retreat there): ${result.contested.length === 0 ? 'none' : result.contested.join(', ')}`,
  );

  out.push('');
  out.push(`Position after (${phaseName(result.position.phase)}):`);
  out.push('units:');
  for (const power of map.powers) {
    const units = result.position.units.filter((u) => u.power === power);
    if (units.length > 0) out.push(`  ${power}: ${units.map((u) => `${u.type} ${u.location}`).join(', ')}`);
  }
  if (result.position.dislodged.length > 0) {
    out.push('dislodged:');
    for (const d of result.position.dislodged)
      out.push(`  ${d.power}: ${d.type} ${d.location} (from ${d.attackerFrom})`);
  }
  return `${out.join('\n')}\n`;
}

type ReasonCode = Reason['code'];

/**
 * Short texts for the reasons of movement outcomes. A reason without an entry here (the reason list grows with
 * the adjudicator) is shown with the outcome's own message.
 */
const REASON_TEXT: { [K in ReasonCode]?: (r: Extract<Reason, { code: K }>) => string } = {
  moved: (r) => `moved, strength ${r.attack}`,
  'circular-movement': () => 'circular movement',
  bounced: (r) =>
    `bounced: attack ${r.attack} against ${r.against.kind} ${r.against.strength}` +
    (r.against.unit === '' ? '' : ` of ${r.against.unit}`),
  'own-unit': (r) => `would dislodge ${r.unit} of the same power`,
  'no-path': () => 'no convoy path',
  'no-convoy-ordered': () => "'via convoy' but no convoy ordered",
  given: () => 'given',
  cut: (r) => (r.by === '' ? 'cut' : `cut by ${r.by}`),
  'cut-by-dislodgement': (r) => `cut: dislodged by ${r.by}`,
  available: () => 'available',
  'convoy-dislodged': (r) => `dislodged by ${r.by}`,
  paradox: () => 'convoy paradox, Szykman rule',
  'not-matching': (r) => `does not match: ${r.actual}`,
  stands: () => 'stands',
  illegal: (r) => r.message,
};

/** The reason of an outcome in a few words: "moved, strength 2", "bounced: attack 1 against hold 1 of A BUR". */
export function explain(o: OrderOutcome): string {
  const describe = REASON_TEXT[o.reason.code] as ((r: Reason) => string) | undefined;
  let text = describe ? describe(o.reason) : o.message;
  if (o.dislodged) {
    const retreats =
      o.dislodged.retreats.length === 0 ? 'destroyed' : `retreats: ${o.dislodged.retreats.join(', ')}`;
    text += `; dislodged by ${o.dislodged.by} from ${o.dislodged.from}, ${retreats}`;
  }
  return text;
}
