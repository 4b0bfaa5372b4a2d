/**
 * `dipkit bot --daide HOST:PORT [--power FRA]`: dipkit's bot at a DAIDE server (dipkit's own, `dipkit serve
 * --daide`, or any other), over TCP. The protocol is src/bot/daide-player.ts's; this file holds the socket.
 */
import { connect } from 'node:net';
import { FrameReader } from '../daide/frames.js';
import { DaidePlayer } from '../bot/daide-player.js';
import { parseCommandArgs, Report } from './io.js';

export const summary = "play dipkit's bot at a DAIDE server: bot --daide HOST:PORT";

export const usage = `Usage: dipkit bot --daide HOST:PORT [--power FRA] [--name NAME] [--seed N] [--quiet]

Connects dipkit's bot to the DAIDE server at HOST:PORT (a dipkit game's daidePort, or any DAIDE server), plays
the power the server gives it (--power: ask for one, by its DAIDE token or name; sent as "NME ('FRA:NAME')"),
sends its orders every phase, and exits when the game ends or the server closes the connection.
--name: the name it gives (default dipkit); --seed: the bot's seed (default 1: the same seed plays the same
orders); --quiet: print nothing but errors (otherwise a line per phase).

Exit status: 0 the game ended (or the server switched off), 1 the connection failed or the server refused the
bot, 2 bad input.`;

/** "HOST:PORT" (an IPv6 host in brackets), or undefined. */
function hostPort(text: string): { host: string; port: number } | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text);
  const port = Number(m?.[3]);
  if (!m || port < 1 || port > 65535) return undefined;
  return { host: m[1] ?? m[2] ?? '', port };
}

export function run(args: string[]): number | Promise<number> {
  const report = new Report('bot', false);
  const p = parseCommandArgs(report, args, {
    daide: { type: 'string' },
    power: { type: 'string' },
    name: { type: 'string' },
    seed: { type: 'string' },
    quiet: { type: 'boolean' },
  });
  if (!p) return report.fail();
  if (p.values['help'] === true) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const daide = p.values['daide'];
  if (typeof daide !== 'string') {
    report.usageError('missing-daide', 'missing --daide HOST:PORT');
    return report.fail();
  }
  const address = hostPort(daide);
  if (address === undefined) {
    report.usageError('bad-daide', `--daide: "${daide}" is not HOST:PORT`);
    return report.fail();
  }
  const seedText = p.values['seed'];
  const seed = typeof seedText === 'string' ? Number(seedText) : 1;
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1) {
    report.usageError('bad-seed', `--seed: "${String(seedText)}" is not a whole number from 0 to 4294967295`);
    return report.fail();
  }
  const quiet = p.values['quiet'] === true;
  const power = p.values['power'];
  const name = p.values['name'];
  const player = new DaidePlayer({
    seed,
    ...(typeof power === 'string' ? { power } : {}),
    ...(typeof name === 'string' ? { name } : {}),
    log: (line) => {
      if (!quiet) process.stdout.write(`dipkit bot: ${line}\n`);
    },
  });
  return new Promise((resolve) => {
    const socket = connect(address.port, address.host);
    const reader = new FrameReader();
    const finish = (): void => {
      socket.destroy();
      const end = player.end ?? { ok: false, reason: 'the connection closed before the game ended' };
      if (!end.ok) process.stderr.write(`dipkit bot: ${end.reason}\n`);
      resolve(end.ok ? 0 : 1);
    };
    socket.on('connect', () => {
      for (const frame of player.start()) socket.write(frame);
    });
    socket.on('data', (chunk: Buffer) => {
      reader.push(new Uint8Array(chunk));
      for (let f = reader.next(); f !== undefined; f = reader.next()) {
        if ('error' in f) {
          process.stderr.write(`dipkit bot: a malformed frame from the server\n`);
          socket.destroy();
          return;
        }
        for (const out of player.receive(f)) socket.write(out);
        if (player.end !== undefined) {
          socket.end();
          return;
        }
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (player.end === undefined)
        process.stderr.write(`dipkit bot: ${address.host}:${address.port}: ${e.code ?? e.message}\n`);
    });
    socket.on('close', finish);
  });
}
