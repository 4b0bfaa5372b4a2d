/**
 * The rule-option flags shared by the commands that adjudicate: `--rules PRESET` and `--rule ISSUE=CHOICE`
 * (repeatable), for example `--rules 1982 --rule 4.A.2=all-hold`.
 */
import { resolveRules, type RuleOptions } from '../adjudication/rules.js';
import { formatIssue } from '../issues.js';
import type { Report } from './io.js';

export const ruleFlags = {
  rules: { type: 'string' },
  rule: { type: 'string', multiple: true },
} as const;

export const ruleFlagsHelp = `  --rules PRESET         rule preset: datc (default), 2025, 2023, 2000, 1982, 1971, dptg, datc-2.4 ('dipkit rules')
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
