/**
 * Errors as RFC 9457 problem details (`application/problem+json`): `type`, `title`, `status`, `detail`, and a
 * stable `code` that clients test; rejected orders add `issues`, one per bad order with its line (the order's
 * place in the list, from 1) and column, as the CLI reports them.
 */
export interface ProblemIssue {
  code: string;
  message: string;
  line?: number;
  column?: number;
  suggestions?: string[];
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  issues?: ProblemIssue[];
}

/** A problem a route reports: thrown, and turned into the response by the error handler. */
export class Problem extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ProblemIssue[] | undefined;
  constructor(status: number, code: string, detail: string, issues?: ProblemIssue[]) {
    super(detail);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problemBody(
  status: number,
  code: string,
  detail: string,
  issues?: ProblemIssue[],
): ProblemBody {
  const body: ProblemBody = {
    type: `https://dipkit.dev/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
  };
  if (issues !== undefined) body.issues = issues;
  return body;
}

export const PROBLEM_TYPE = 'application/problem+json';
