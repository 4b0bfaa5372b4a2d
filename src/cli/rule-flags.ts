/**
 * The rule-option flags shared by the commands that adjudicate: `--rules PRESET` and `--rule ISSUE=CHOICE`
 * (repeatable), for example `--rules 1982 --rule 4.A.2=all-hold`; and, for the commands that run games, the
 * game-flow flag `--unretreatable disband|retreat-phase`, whose default comes from the preset.
 */
import {
  describeRules,
  presetFlow,
  resolveRules,
  UNRETREATABLE_CHOICES,
  type RuleOptions,
  type Unretreatable,
} from '../adjudication/rules.js';
import { formatIssue, issue } from '../issues.js';
import type { Report } from './io.js';

export const ruleFlags = {
  rules: { type: 'string' },
  rule: { type: 'string', multiple: true },
} as const;

export const ruleFlagsHelp = `  --rules PRESET         rule preset: datc (default), 2025, 2023, 2000, 1982, 1971, dptg, datc-2.4, godip,
                         dipcc, mila ('dipkit rules')
  --rule ISSUE=CHOICE    one DATC chapter 4 choice, by letter or name (repeatable): --rule 4.A.2=all-hold`;

/**
 * The rule options the flags ask for; prints the problem (into `report` when given, so that --json carries it)
 * and returns undefined when they are wrong.
 */
export function rulesFromFlags(
  command: string,
  values: { rules?: string | undefined; rule?: string[] | undefined },
  report?: Report,
): RuleOptions | undefined {
  const result = resolveRules(values.rules ?? 'datc', values.rule ?? []);
  if (result.value) return result.value;
  if (report) report.add(result.issues, `dipkit ${command}`);
  else for (const i of result.issues) process.stderr.write(`dipkit ${command}: ${formatIssue(i)}\n`);
  return undefined;
}

export const flowFlags = {
  unretreatable: { type: 'string' },
} as const;

export const flowFlagsHelp = `  --unretreatable WHAT   a dislodged unit with no retreat: "disband" (at once, and a retreat phase where no unit
                         can retreat is skipped; the default of every preset) or "retreat-phase" (kept for it)`;

/** What a game is played with: the rule settings (as `GameOptions.rules`) and the game flow. */
export interface GameRulesChoice {
  rules: string[];
  unretreatable: Unretreatable;
}

/**
 * The rules and game flow the flags ask for: the preset's rule choices and game flow, then `--rule` settings and
 * `--unretreatable`. Prints the problem and returns undefined when a flag is wrong.
 */
export function gameRulesFromFlags(
  command: string,
  values: { rules?: string | undefined; rule?: string[] | undefined; unretreatable?: string | undefined },
  report?: Report,
): GameRulesChoice | undefined {
  const rules = rulesFromFlags(command, values, report);
  if (!rules) return undefined;
  const wanted = values.unretreatable;
  const flow = presetFlow(values.rules);
  if (wanted === undefined) return { rules: describeRules(rules), unretreatable: flow.unretreatable };
  const choice = UNRETREATABLE_CHOICES.find((c) => c === wanted.trim().toLowerCase());
  if (choice === undefined) {
    const choices = UNRETREATABLE_CHOICES.map((c) => `"${c}"`).join(' or ');
    const problem = issue('bad-option', `--unretreatable must be ${choices}, not "${wanted}"`);
    if (report) report.add([problem], `dipkit ${command}`);
    else process.stderr.write(`dipkit ${command}: ${formatIssue(problem)}\n`);
    return undefined;
  }
  return { rules: describeRules(rules), unretreatable: choice };
}

/** Whether any rule or game-flow flag was given. */
export function anyRuleFlag(values: {
  rules?: string | undefined;
  rule?: string[] | undefined;
  unretreatable?: string | undefined;
}): boolean {
  return values.rules !== undefined || values.rule !== undefined || values.unretreatable !== undefined;
}

/**
 * The rules a command used, for people: the preset's name, then the settings and the game flow:
 * "dipcc (unretreatable=retreat-phase)", "datc (4.A.2=all-hold; unretreatable=disband)".
 */
export function rulesLabel(
  preset: string,
  settings: readonly string[],
  unretreatable: Unretreatable,
): string {
  return `${preset.toLowerCase()} (${[...settings, `unretreatable=${unretreatable}`].join('; ')})`;
}
