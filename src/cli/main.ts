#!/usr/bin/env node
/**
 * The `dipkit` command: dispatches to one file per subcommand (src/cli/<name>.ts). Exit codes: 0 ok, 1 a check
 * failed, 2 bad input (unknown command or option, unreadable file). Never prints a stack trace.
 */
import { readFileSync } from 'node:fs';
import * as adjudicate from './adjudicate.js';
import * as bot from './bot.js';
import { nearest } from './io.js';
import * as datc from './datc.js';
import * as game from './game.js';
import * as legal from './legal.js';
import * as maps from './maps.js';
import * as render from './render.js';
import * as replay from './replay.js';
import * as rules from './rules.js';
import * as serve from './serve.js';

interface Command {
  summary: string;
  usage: string;
  run: (args: string[]) => number | Promise<number>;
}

const COMMANDS: ReadonlyMap<string, Command> = new Map<string, Command>([
  ['adjudicate', adjudicate],
  ['bot', bot],
  ['datc', datc],
  ['game', game],
  ['legal', legal],
  ['maps', maps],
  ['render', render],
  ['replay', replay],
  ['rules', rules],
  ['serve', serve],
]);

const USAGE = `Usage: dipkit <command> [options]

Commands:
${[...COMMANDS].map(([name, c]) => `  ${name.padEnd(12)}${c.summary}`).join('\n')}

Run "dipkit <command> --help" for the options of a command; "dipkit --version" for the version.
Exit status: 0 ok, 1 a check failed, 2 bad input.`;

/** The version in the package's package.json (dist/src/cli/main.js is three folders below it). */
function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function main(argv: string[]): number | Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`dipkit ${version()}\n`);
    return 0;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const command = topic === undefined ? undefined : COMMANDS.get(topic);
    if (topic !== undefined && command === undefined) {
      process.stderr.write(`dipkit: unknown command "${topic}"\n${USAGE}\n`);
      return 2;
    }
    process.stdout.write(`${command?.usage ?? USAGE}\n`);
    return 0;
  }
  const command = COMMANDS.get(name);
  if (command === undefined) {
    const what = name.startsWith('-') ? `unknown option "${name}"` : `unknown command "${name}"`;
    const near = nearest(name, name.startsWith('-') ? ['--help', '--version'] : [...COMMANDS.keys()]);
    const hint = near === undefined ? '' : ` (did you mean "${near}"?)`;
    process.stderr.write(`dipkit: ${what}${hint}\nRun "dipkit --help" for the commands.\n`);
    return 2;
  }
  return command.run(rest);
}

// Output to a closed pipe (`dipkit datc ... | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

/** A bug in dipkit, not bad input: say so in one line. */
function internalError(e: unknown): void {
  process.stderr.write(`dipkit: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
}

try {
  const code = main(process.argv.slice(2));
  if (typeof code === 'number') process.exitCode = code;
  else code.then((c) => (process.exitCode = c), internalError);
} catch (e) {
  internalError(e);
}
