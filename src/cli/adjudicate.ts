/**
 * `dipkit adjudicate FILE [--json]`: reads a position with orders (src/formats/position-text.ts) and adjudicates
 * its phase (movement, retreat or adjustment), then prints the phase that really follows as a position file that
 * can be fed back. Bad position lines are errors (exit 2); bad order lines are warnings, and those orders are left
 * out (the unit holds).
 */
import { gameRulesFromFlags, ruleFlags, ruleFlagsHelp } from './rule-flags.js';
import { movementAdjudicator, resolverFlag, resolverFlagHelp, resolverFromFlag } from './resolver-flag.js';
import { parseCommandArgs, readTextFile, Report } from './io.js';
import { mapFlag, mapFlagHelp, positionFileMap } from './map-arg.js';
import type { MovementResult, OrderOutcome, Reason } from '../adjudication/outcome.js';
import { readPositionText, phaseName, writePositionText } from '../formats/position-text.js';
import { resolvePhase, type MovementAdjudicator, type SubmittedOrder } from '../game/game.js';
import { describePhase } from '../game/history.js';
import { issue } from '../issues.js';
import type { GameMap } from '../map/types.js';
import { isNeutral } from '../map/neutral.js';
import { formatOrder } from '../orders/format.js';
import type { Position } from '../position/types.js';

export const summary = 'adjudicate one phase of a position-and-orders file';

export const usage = `Usage: dipkit adjudicate FILE [--json] [--map NAME|FILE] [--rules PRESET] [--rule ISSUE=CHOICE]... [--resolver NAME]

Reads a position and orders in dipkit's text format and adjudicates its phase:

  map: standard                       (optional: the map's id or name, "dipkit maps"; or use --map)
  phase: Spring 1901 Movement         (or S1901M; F1901R for retreats, W1901A for adjustments)
  units:
    England: F London, F North Sea, A Yorkshire
    France: A Paris
  dislodged:                          (a retreat phase: each unit and its attacker's origin)
    France: A BEL from YOR
  contested: BUR                      (a retreat phase: provinces left empty by a standoff)
  centers:                            (optional)
    England: LON, EDI, LVP
  orders:
    England: F NTH C A YOR - BEL      (DATC long form, jDip short form, MILA form or "A Yor to Bel")

Prints each order with its resolution and the reason, the dislodged units with the attacker's origin and their
retreats, the provinces left empty by a standoff, then the phase that follows (empty retreat and adjustment
phases skipped, centres changing owner after the Fall) as a position file: add "orders:" to it and adjudicate
it to play on.

Options:
  --json       print the result as JSON: the outcome of every order (each with "text", the canonical order),
               "next" (the phase that follows and its position) and "issues" (warnings and errors)
${mapFlagHelp()}
${ruleFlagsHelp}
${resolverFlagHelp}
  -h, --help   show this help

Exit status: 0 adjudicated (order lines that cannot be read are warnings, and their units hold),
             2 the file cannot be read, is empty or the position is bad (messages "FILE:line:col  code  message").`;

/** Runs the command; returns the exit code. */
export function run(args: string[]): number {
  const report = new Report('adjudicate', args.includes('--json'));
  const parsed = parseCommandArgs(report, args, {
    json: { type: 'boolean' },
    ...mapFlag,
    ...ruleFlags,
    ...resolverFlag,
  });
  if (!parsed) return report.fail();
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    report.usageError('bad-arguments', `expected exactly one FILE, got ${parsed.positionals.length}`);
    return report.fail();
  }
  const file = parsed.positionals[0] ?? '';
  const text = readTextFile(report, file);
  if (text === undefined) return report.fail();
  // The rule choices, and what a preset says of the game's flow (a dislodged unit without retreat: --rules dipcc).
  const rules = gameRulesFromFlags('adjudicate', parsed.values, report);
  if (!rules) return report.fail();
  const resolver = resolverFromFlag('adjudicate', parsed.values.resolver, report);
  if (!resolver) return report.fail();

  const map = positionFileMap(report, parsed.values.map, text, file);
  if (!map) return report.fail();
  const read = readPositionText(map, text, file);
  const value = read.value;
  const orderIssues = new Set(value?.orderIssues ?? []);
  for (const i of read.issues)
    report.add([i], file, orderIssues.has(i) ? '(order skipped: the unit holds)' : '');
  if (!value || read.issues.some((i) => !orderIssues.has(i))) return report.fail();
  const { position, orders } = value;
  if (position.units.length === 0 && position.dislodged.length === 0) {
    report.add(
      [
        issue(
          'empty-position',
          'the file gives no units: nothing to adjudicate (see "dipkit adjudicate --help")',
        ),
      ],
      file,
    );
    return report.fail();
  }

  // The movement result, when the phase is a movement phase, for the full report.
  let movement: MovementResult | undefined;
  const adjudicator = movementAdjudicator(resolver);
  const capture: MovementAdjudicator = (...a) => {
    const r = adjudicator(...a);
    movement = r.value;
    return r;
  };
  // Orders without a power are judged by the adjudicator as such (the unit decides whose they are).
  const submitted = orders.map((o) => ({ ...o, text: formatOrder(map, o.order) }) as SubmittedOrder);
  const options = { victoryCenters: map.victoryCenters, ...rules };
  const resolved = resolvePhase(map, position, submitted, options, capture);
  if (!resolved.value) {
    report.add(resolved.issues, file);
    return report.fail();
  }
  const { record, next, status, winner } = resolved.value;
  if (parsed.values.json === true) {
    const withText = (o: OrderOutcome): OrderOutcome & { text: string } => ({
      text: formatOrder(map, o.given.order),
      ...o,
    });
    const outcome = movement
      ? { ...movement, orders: movement.orders.map(withText) }
      : { ...record, orders: undefined, position: undefined, outcomes: record.outcomes.map(withText) };
    report.printJson({
      ...outcome,
      next: {
        phase: phaseName(next.phase),
        status,
        ...(winner === undefined ? {} : { winner }),
        position: next,
      },
    });
    return 0;
  }
  const lines = movement ? renderText(map, position, movement) : `${describePhase(record).join('\n')}\n`;
  const end =
    winner === undefined ? '' : `${winner} wins with ${next.supplyCenters[winner]?.length ?? 0} centres.\n`;
  process.stdout.write(
    `${lines}${end}\nNext phase: ${phaseName(next.phase)} (add "orders:" to the block below and adjudicate it)\n\n${writePositionText(map, next)}`,
  );
  return 0;
}

/** The text report of a movement phase: orders with results, dislodged units, contested provinces. */
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
    const line = `${(power ?? '').padEnd(w0)}  ${(order ?? '').padEnd(w1)}  ${why ? `${(resolution ?? '').padEnd(w2)}  (${why})` : (resolution ?? '')}`;
    out.push(line);
  }
  const ordered = new Set(result.orders.map((o) => o.unit).filter((u) => u !== undefined));
  const idle = result.units.filter((u) => !ordered.has(`${u.unit.type} ${u.unit.location}`));
  const neutral = idle.filter((u) => isNeutral(map, u.unit.power));
  const players = idle.filter((u) => !isNeutral(map, u.unit.power));
  if (players.length > 0) {
    out.push(
      `No order (holds): ${players.map((u) => `${u.unit.power} ${u.unit.type} ${u.unit.location}`).join(', ')}`,
    );
  }
  if (neutral.length > 0) {
    out.push(
      `Neutral units (always hold): ${neutral.map((u) => `${u.unit.type} ${u.unit.location}`).join(', ')}`,
    );
  }

  out.push('');
  out.push('Dislodged:');
  if (result.dislodged.length === 0) out.push('  none');
  for (const d of result.dislodged) {
    const by = result.units.find((u) => u.unit.location === d.location)?.dislodged?.by;
    const attacker = `${by === undefined ? 'dislodged' : `dislodged by ${by}`} from ${d.attackerFrom}${d.byConvoy === true ? ' (by convoy)' : ''}`;
    const retreats = isNeutral(map, d.power)
      ? 'neutral: disbanded'
      : d.retreats.length === 0
        ? 'no retreat: destroyed'
        : `may retreat to ${d.retreats.join(', ')}`;
    out.push(`  ${d.power} ${d.type} ${d.location}  ${attacker}; ${retreats}`);
  }
  out.push(
    `Contested (no retreat there): ${result.contested.length === 0 ? 'none' : result.contested.join(', ')}`,
  );

  return `${out.join('\n')}\n`;
}

type ReasonCode = Reason['code'];

/**
 * Short texts for the reasons of movement outcomes. A reason without an entry here (the reason list grows with
 * the adjudicator) is shown with the outcome's own message.
 */
const REASON_TEXT: { [K in ReasonCode]?: (r: Extract<Reason, { code: K }>) => string } = {
  moved: (r) => `moved: attack strength ${r.attack}`,
  'circular-movement': () => 'circular movement',
  bounced: (r) =>
    `bounced: attack strength ${r.attack} against ${r.against.kind} strength ${r.against.strength}` +
    (r.against.unit === '' ? '' : ` of ${r.against.unit}`),
  'own-unit': (r) => `would dislodge ${r.unit} of the same power`,
  'no-path': () => 'no convoy path',
  'no-convoy-ordered': () => "'via convoy' but no convoy ordered",
  given: () => '',
  cut: (r) => (r.by === '' ? '' : `by ${r.by}`),
  // Said once, with where the attacker came from and the retreats, by the dislodgement below.
  'cut-by-dislodgement': () => '',
  available: () => '',
  'convoy-dislodged': () => '',
  'not-matching': (r) => `does not match: ${r.actual}`,
  stands: () => '',
  illegal: (r) => r.message,
};

/**
 * The reason of an outcome in a few words, without repeating the resolution: "moved: attack strength 2",
 * "bounced: attack strength 1 against hold strength 1 of A BUR", "by F HEL"; "" when the resolution says it all.
 * A reason without a short text (the paradox rules, the retreat and adjustment reasons) is the outcome's message
 * less its leading resolution word.
 */
export function explain(o: OrderOutcome): string {
  const describe = REASON_TEXT[o.reason.code] as ((r: Reason) => string) | undefined;
  const parts = [describe ? describe(o.reason) : o.message.replace(new RegExp(`^${o.resolution}(: )?`), '')];
  if (o.dislodged) {
    const retreats =
      o.dislodged.retreats.length === 0
        ? 'no retreat: destroyed'
        : `may retreat to ${o.dislodged.retreats.join(', ')}`;
    parts.push(`dislodged by ${o.dislodged.by} from ${o.dislodged.from}; ${retreats}`);
  }
  return parts.filter((p) => p !== '').join('; ');
}
