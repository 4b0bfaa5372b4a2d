/**
 * `dipkit rules`: every rule issue of DATC v3.2 chapter 4 that dipkit lets you choose, with its choices (letter
 * and name), the default marked, and the presets.
 */
import { parseArgs } from 'node:util';
import {
  DATC_PREFERRED,
  PRESETS,
  RULE_ISSUES,
  describeRules,
  presetFlow,
  resolveRules,
} from '../adjudication/rules.js';

/** A preset's settings and, where it sets one, its game flow: ["4.A.3=via-else-land", "unretreatable=retreat-phase"]. */
function presetSettings(name: string): string[] {
  const flow = PRESETS[name.toLowerCase()]?.flow;
  const settings = describeRules(resolveRules(name).value!);
  return flow === undefined ? settings : [...settings, `unretreatable=${presetFlow(name).unretreatable}`];
}

export const summary = 'list the DATC rule issues, their choices and the presets';

export const usage = `Usage: dipkit rules [--json] [--preset NAME]

Lists every rule issue of DATC v3.2 chapter 4 with its choices; "*" marks the default (the DATC's preference).
Presets may also set the game flow: unretreatable=disband|retreat-phase (what becomes of a dislodged unit that
cannot retreat; see 'dipkit game --help').
Give a choice to any adjudicating command with --rule ISSUE=CHOICE, by letter or name (--rule 4.A.2=f, --rule
4.A.2=szykman), or a preset with --rules NAME. Letters marked "(ours)" are dipkit's where the DATC has none.

Options:
  --preset NAME   show what a preset sets
  --json          print the issues and presets as JSON
  -h, --help      show this help`;

export function run(args: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        json: { type: 'boolean' },
        preset: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (e) {
    process.stderr.write(`dipkit rules: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (parsed.values.preset !== undefined) {
    const rules = resolveRules(parsed.values.preset);
    if (!rules.value) {
      process.stderr.write(`dipkit rules: ${rules.issues[0]!.message}\n`);
      return 2;
    }
    const settings = presetSettings(parsed.values.preset);
    const json = { ...rules.value, unretreatable: presetFlow(parsed.values.preset).unretreatable };
    process.stdout.write(
      parsed.values.json === true
        ? `${JSON.stringify(json, null, 2)}\n`
        : `${settings.join('\n') || '(the DATC preferences)'}\n`,
    );
    return 0;
  }
  if (parsed.values.json === true) {
    const presets = Object.fromEntries(
      Object.entries(PRESETS).map(([name, p]) => [
        name,
        { description: p.description, settings: presetSettings(name) },
      ]),
    );
    process.stdout.write(
      `${JSON.stringify({ issues: RULE_ISSUES, defaults: DATC_PREFERRED, presets }, null, 2)}\n`,
    );
    return 0;
  }
  const lines: string[] = [];
  for (const issue of RULE_ISSUES) {
    lines.push(`${issue.id}  ${issue.title}  (${issue.key})`);
    for (const c of issue.choices) {
      const mark = DATC_PREFERRED[issue.key] === c.name ? '*' : ' ';
      lines.push(
        `  ${mark} ${c.letter}${c.ourLetter ? ' (ours)' : '       '} ${c.name.padEnd(22)} ${c.description}`,
      );
    }
  }
  lines.push('', 'Presets (--rules NAME):');
  for (const [name, p] of Object.entries(PRESETS)) {
    const settings = presetSettings(name);
    lines.push(
      `  ${name.padEnd(9)} ${p.description}`,
      ...(settings.length ? [`            ${settings.join(' ')}`] : []),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
