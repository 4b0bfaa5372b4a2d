/**
 * What every command shares around its work: reading its arguments (with "did you mean" for a near option),
 * reading files (one line per problem, in dipkit's words, not Node's), and reporting issues: each is printed on
 * stderr as `file:line:col  code  message` and, with --json, also carried in the JSON on stdout.
 */
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ options: O & typeof HELP; allowPositionals: true; strict: true; args: string[] }>
>;
import { formatIssue, issue, type Issue } from '../issues.js';
import { nearest } from '../nearest.js';

export { nearest };

/** The issues of one run of a command. */
export class Report {
  readonly command: string;
  readonly json: boolean;
  readonly issues: Issue[] = [];

  constructor(command: string, json: boolean) {
    this.command = command;
    this.json = json;
  }

  /** Prints and keeps issues of `source` (a file); `note` is appended to the printed line ("(warning)"). */
  add(issues: readonly Issue[], source?: string, note = ''): void {
    for (const i of issues) {
      const full: Issue = i.source === undefined && source !== undefined ? { ...i, source } : i;
      this.issues.push(full);
      process.stderr.write(`${formatIssue(full)}${note ? `  ${note}` : ''}\n`);
    }
  }

  /** A problem with the command line itself: `dipkit COMMAND: message`, and the usage hint. */
  usageError(code: string, message: string): void {
    this.issues.push(issue(code, message));
    process.stderr.write(
      `dipkit ${this.command}: ${message}\nRun "dipkit ${this.command} --help" for usage.\n`,
    );
  }

  /** Ends a run on bad input: with --json, `{ "issues": [...] }` on stdout. Exit status 2. */
  fail(): number {
    if (this.json) process.stdout.write(`${JSON.stringify({ issues: this.issues }, null, 2)}\n`);
    return 2;
  }

  /** Prints a JSON result, with the run's issues (warnings) in it. */
  printJson(value: object): void {
    process.stdout.write(`${JSON.stringify({ ...value, issues: this.issues }, null, 2)}\n`);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs`, strict, with positionals and `--help`; its errors become one line of dipkit's own. Undefined (after
 * the message) when the arguments are wrong.
 */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

export function parseCommandArgs<O extends Options>(
  report: Report,
  args: string[],
  options: O,
): Parsed<O> | undefined {
  const all = { ...options, ...HELP };
  try {
    return parseArgs({ args, options: all, allowPositionals: true, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const flag = /'(-{1,2}[^' ]*)/.exec(e instanceof Error ? e.message : '')?.[1] ?? '';
    const names = Object.keys(all).map((n) => `--${n}`);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const near = nearest(flag.replace(/=.*/, ''), names);
      report.usageError(
        'unknown-option',
        `unknown option "${flag}"${near === undefined ? '' : ` (did you mean "${near}"?)`}`,
      );
    } else if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = flag.replace(/^-+/, '').replace(/[= ].*/, '');
      const spec = (all as Options)[name] ?? Object.values(all as Options).find((o) => o.short === name);
      report.usageError(
        'bad-option-value',
        spec?.type === 'boolean' ? `option "${flag}" takes no value` : `option "${flag}" needs a value`,
      );
    } else {
      report.usageError('bad-arguments', e instanceof Error ? e.message.split('\n')[0]! : String(e));
    }
    return undefined;
  }
}

const FILE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
};

/** A Node file error in a few words, without Node's own text (which names system calls and temporary files). */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return FILE_PROBLEMS[code] ?? (code === '' ? 'cannot be read or written' : `system error ${code}`);
}

/** The text of `file`, or undefined after a `FILE  read-error  ...` issue. */
export function readTextFile(report: Report, file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    report.add([issue('read-error', `cannot read the file: ${fileProblem(e)}`)], file);
    return undefined;
  }
}
