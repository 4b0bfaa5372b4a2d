/**
 * Failures as data. Readers and parsers return `{ value, issues }` and never throw on user input; every issue has a
 * stable `code`, a human message, and `line`/`column` (1-based) where they apply.
 */
export interface Issue {
  /** Stable, machine-readable: "unknown-province", "one-way-edge", ... */
  code: string;
  message: string;
  line?: number;
  column?: number;
  /** The file or source the issue is about, when known. */
  source?: string;
  /** Where in a JSON document (a map definition): "$.provinces[12].army[3]". */
  path?: string;
  /** For an unknown name: the known names nearest to it, best first ("did you mean"). */
  suggestions?: string[];
}

export interface Result<T> {
  /** Present when the input could be read at all; may still come with issues (for example some bad lines). */
  value?: T;
  issues: Issue[];
}

/** The error thrown by the `...OrThrow` wrappers: it carries the issues. */
export class IssuesError extends Error {
  readonly issues: readonly Issue[];
  constructor(issues: readonly Issue[], what = 'input') {
    super(`${what}: ${issues.map(formatIssue).join('; ')}`);
    this.name = 'IssuesError';
    this.issues = issues;
  }
}

export function issue(code: string, message: string, line?: number, column?: number): Issue {
  const result: Issue = { code, message };
  if (line !== undefined) result.line = line;
  if (column !== undefined) result.column = column;
  return result;
}

/** `file:line:col  code  message (path)`, leaving out what is unknown. */
export function formatIssue(i: Issue): string {
  let where = i.source ?? '';
  if (i.line !== undefined)
    where += `${where ? ':' : 'line '}${i.line}${i.column !== undefined ? `:${i.column}` : ''}`;
  return `${where ? `${where}  ` : ''}${i.code}  ${i.message}${i.path === undefined ? '' : ` (${i.path})`}`;
}
