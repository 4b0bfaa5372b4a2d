/**
 * The DAIDE server: DAIDE clients written here from the protocol documents connect to a game's own port, go
 * through NME/YES/MAP/MDF/HLO/NOW, submit orders every phase and play to the year limit beside HTTP players (one
 * leaves and takes its seat back with IAM); then every kind of bad input, each answered as the protocol says while
 * the game and the other connections carry on; and the port listens again after a restart. A closed server leaves
 * nothing open, and on one PostgreSQL database another instance takes a port over when its instance stops.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DaideClient, readUnits } from './daide-client.js';
import { buildApp, startServer, type RunningServer } from '../src/index.js';
import { CLI, DATABASE_URL, LOAD_LIMITS, call } from './helpers.js';
import { diplomacyMessage, initialMessage } from 'dipkit/daide';
import { spawn } from 'node:child_process';

let server: RunningServer;
const IM_TIMEOUT = 400;

function serverOptions(): Parameters<typeof startServer>[0] {
  return {
    port: 0,
    host: '127.0.0.1',
    ...(DATABASE_URL !== undefined ? { database: DATABASE_URL } : { data: 'memory://' }),
    tick: 100,
    limits: LOAD_LIMITS,
    daide: { ports: [0, 0], imTimeout: IM_TIMEOUT, poll: 200 },
  };
}

before(async () => {
  server = await startServer(serverOptions());
});
after(async () => {
  await server.close();
});

async function daideGame(body: object = {}): Promise<{ id: string; admin: string; port: number }> {
  const created = await call<{ id: string; adminToken: string }>(server.url, 'POST', '/api/games', {
    daide: true,
    ...body,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const game = await call<{ daidePort?: number }>(server.url, 'GET', `/api/games/${created.body.id}`);
  assert.equal(typeof game.body.daidePort, 'number');
  return { id: created.body.id, admin: created.body.adminToken, port: game.body.daidePort ?? 0 };
}

/** Connects, names itself and accepts the map: NME, YES (NME), MAP, MDF, YES (MAP). Returns the client. */
async function seat(port: number, name: string): Promise<DaideClient> {
  const c = await DaideClient.open(port);
  c.send(`NME ('${name}') ('1')`);
  assert.equal(await c.message(), `YES (NME ('${name}') ('1'))`);
  assert.equal(await c.message(), "MAP ('standard')");
  c.send('MDF');
  const mdf = await c.message();
  assert.match(mdf, /^MDF \(AUS ENG FRA GER ITA RUS TUR\) \(\(\(AUS /);
  c.send("YES (MAP ('standard'))");
  return c;
}

interface BotRun {
  power: string;
  passcode: number;
  log: string[];
  notes: string[];
}

/**
 * Plays as a classic bot does: on each NOW, one SUB (holds; disbands for retreats; waives or removals for the
 * adjustments, counted from the last SCO), and nothing else, until OFF. `first` gives the Spring 1901 orders;
 * `leaveAt` makes it close its socket on that NOW without ordering, and return.
 */
async function playAsBot(
  c: DaideClient,
  options: { first?: (me: string) => string[]; leaveAt?: string } = {},
): Promise<BotRun> {
  const hlo = await c.until(/^HLO /);
  const m = /^HLO \(([A-Z]{3})\) \((\d+)\) \(\(LVL \d+\)/.exec(hlo);
  assert.ok(m, hlo);
  const run: BotRun = { power: m[1] ?? '', passcode: Number(m[2]), log: c.log, notes: [] };
  return continueAsBot(c, run, options);
}

async function continueAsBot(
  c: DaideClient,
  run: BotRun,
  options: { first?: (me: string) => string[]; leaveAt?: string } = {},
): Promise<BotRun> {
  const me = run.power;
  let centres = 0;
  for (;;) {
    const r = await c.next(30_000);
    if (r.kind === 'closed') return run;
    if (r.kind !== 'DM') continue;
    const text = r.text;
    if (text.startsWith('SCO ')) {
      centres = (new RegExp(`\\(${me}((?: [A-Z]{3})*)\\)`).exec(text)?.[1] ?? '')
        .trim()
        .split(' ')
        .filter(Boolean).length;
    } else if (text.startsWith('THX ')) {
      run.notes.push(text);
    } else if (text === 'OFF') {
      return run;
    } else if (text.startsWith('NOW ')) {
      const turn = /^NOW \(([A-Z]{3}) (\d+)\)/.exec(text);
      const season = turn?.[1] ?? '';
      if (options.leaveAt === `${season} ${turn?.[2]}`) {
        c.close();
        return run;
      }
      const units = readUnits(r.message).filter((u) => u.power === me);
      let orders: string[] = [];
      if (season === 'SPR' && turn?.[2] === '1901' && options.first) orders = options.first(me);
      else if (season === 'SPR' || season === 'FAL') orders = units.map((u) => `(${u.text}) HLD`);
      else if (season === 'SUM' || season === 'AUT')
        orders = units.filter((u) => u.retreating).map((u) => `(${u.text}) DSB`);
      else {
        const change = centres - units.length;
        if (change > 0) orders = Array.from({ length: change }, () => `${me} WVE`);
        if (change < 0) orders = units.slice(0, -change).map((u) => `(${u.text}) REM`);
      }
      if (orders.length > 0) c.send(`SUB ${orders.map((o) => `(${o})`).join(' ')}`);
    }
  }
}

/**
 * HTTP players (power to token): each mark itself ready in every phase it must order in, after `before` (its
 * orders, if any), until the game ends or `stop()`.
 */
function httpPlayers(
  id: string,
  tokens: ReadonlyMap<string, string>,
  before?: (phase: string, power: string, token: string) => Promise<void>,
): { stop(): Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const g = await call<{
        phase: string;
        status: string;
        powers: { power: string; mustOrder: boolean; ready: boolean }[];
      }>(server.url, 'GET', `/api/games/${id}?history=false`);
      if (g.body.status !== 'active') return;
      for (const p of g.body.powers) {
        const token = tokens.get(p.power);
        if (!token || !p.mustOrder || p.ready) continue;
        await before?.(g.body.phase, p.power, token);
        await call(server.url, 'POST', `/api/games/${id}/ready`, { ready: true, phase: g.body.phase }, token);
      }
      await new Promise((r) => setTimeout(r, 30));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

test('DAIDE bots and HTTP players play one game to its year limit; a bot leaves and comes back with IAM', async () => {
  const { id, port } = await daideGame({
    maxYear: 1902,
    press: 'none',
    deadlines: { movement: 3600, retreat: 600, adjustment: 600 },
  });
  const france = await seat(port, 'FRA:Bot');
  const second = await seat(port, 'Bot2');
  const third = await seat(port, 'Bot3');
  const view = await call<{ powers: { power: string; joined: boolean }[] }>(
    server.url,
    'GET',
    `/api/games/${id}`,
  );
  const open = view.body.powers.filter((p) => !p.joined).map((p) => p.power);
  assert.equal(open.length, 4);
  assert.ok(!open.includes('FRANCE'), 'FRA: asks for France');
  const players = new Map<string, string>();
  for (const power of open) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    players.set(power, j.body.token);
  }
  const englandHttp = players.has('ENGLAND');
  // The game says who has each seat: the three DAIDE clients, and the players who joined over HTTP.
  const seats = await call<{ powers: { power: string; playedBy: string }[] }>(
    server.url,
    'GET',
    `/api/games/${id}?history=false`,
  );
  assert.deepEqual(
    seats.body.powers.map((p) => [p.power, p.playedBy]),
    seats.body.powers.map((p) => [p.power, players.has(p.power) ? 'player' : 'daide']),
  );
  assert.equal(seats.body.powers.find((p) => p.power === 'FRANCE')?.playedBy, 'daide');

  // The HTTP players: ready every phase (England, when it plays over HTTP, moves F LON - NTH first).
  const http = httpPlayers(id, players, async (phase, power, token) => {
    if (phase === 'S1901M' && power === 'ENGLAND')
      await call(server.url, 'PUT', `/api/games/${id}/orders`, { orders: ['F LON - NTH'], phase }, token);
  });

  const franceRun = playAsBot(france, {
    first: () => ['(FRA AMY PAR) MTO BUR', '(FRA FLT BRE) MTO MAO', '(FRA AMY MAR) HLD'],
  });
  const secondRun = playAsBot(second);
  // The third bot leaves when Fall 1901 begins and comes back with IAM in the winter.
  const thirdLeft = await playAsBot(third, { leaveAt: 'FAL 1901' });
  // Fall 1901 is played without it (its seat in civil disorder). It comes back only after: were it back while
  // the phase is still Fall 1901, the game, not waiting for it, could process the phase before its SUB arrives
  // (answered NRS). On PostgreSQL under CI load that wait once took over 10 s, so it waits up to 60 s.
  let phase = 'F1901M';
  for (const until = Date.now() + 60_000; Date.now() < until && phase === 'F1901M';) {
    await new Promise((r) => setTimeout(r, 50));
    phase = (await call<{ phase: string }>(server.url, 'GET', `/api/games/${id}?history=false`)).body.phase;
  }
  assert.notEqual(phase, 'F1901M', 'Fall 1901 is played without the bot that left');
  const back = await DaideClient.open(port);
  back.send(`IAM (${thirdLeft.power}) (${thirdLeft.passcode + 1 > 8191 ? 1 : thirdLeft.passcode + 1})`);
  assert.match(await back.message(), /^REJ \(IAM /, 'a wrong passcode is refused');
  back.send(`IAM (${thirdLeft.power}) (${thirdLeft.passcode})`);
  assert.equal(await back.message(), `YES (IAM (${thirdLeft.power}) (${thirdLeft.passcode}))`);
  back.send('NOW');
  const thirdRun = continueAsBot(back, { ...thirdLeft, log: back.log });
  const [f, s, t] = await Promise.all([franceRun, secondRun, thirdRun]);
  await http.stop();

  const game = await call<{ status: string; phase: string; history: { phase: string }[] }>(
    server.url,
    'GET',
    `/api/games/${id}`,
  );
  assert.equal(game.body.status, 'draw');
  assert.deepEqual(
    game.body.history.map((h) => h.phase).filter((n) => n.endsWith('M')),
    ['S1901M', 'F1901M', 'S1902M', 'F1902M'],
  );
  assert.equal(f.power, 'FRA');
  const log = f.log.join('\n');
  assert.match(log, /^HLO \(FRA\) \(\d+\) \(\(LVL 0\) \(MTL 3600\) \(RTL 600\) \(BTL 600\)\)$/m);
  assert.match(log, /^TME \(\d+\)$/m);
  assert.match(log, /^ORD \(SPR 1901\) \(\(FRA AMY PAR\) MTO BUR\) \(SUC\)$/m);
  assert.match(log, /^ORD \(SPR 1901\) \(\(FRA FLT BRE\) MTO MAO\) \(SUC\)$/m);
  if (englandHttp) assert.match(log, /^ORD \(SPR 1901\) \(\(ENG FLT LON\) MTO NTH\) \(SUC\)$/m);
  assert.match(log, /^NOW \(FAL 1901\) .*\(FRA AMY BUR\)/m);
  assert.match(log, /^NOW \(FAL 1902\) /m);
  assert.match(log, /^CCD \([A-Z]{3}\)$/m, 'the others hear of the civil disorder');
  assert.match(log, new RegExp(`^NOT \\(CCD \\(${thirdLeft.power}\\)\\)$`, 'm'));
  // The end: DRW, SMR naming the bots, OFF.
  const end = f.log.slice(-3);
  assert.equal(end[0], 'DRW');
  assert.match(end[1] ?? '', /^SMR \(FAL 1902\) .*\(FRA \('FRA:Bot'\) \('1'\) \d+\)/);
  assert.match(end[1] ?? '', new RegExp(`\\(${thirdLeft.power} \\('Bot3'\\) \\('1'\\) \\d+\\)`));
  assert.equal(end[2], 'OFF');
  for (const run of [f, s, t]) {
    assert.ok(run.notes.length > 0);
    for (const note of run.notes) assert.match(note, /\(MBV\)$/, note);
  }
  assert.ok(
    t.log.some((l) => /^NOW \((SPR|FAL) 1902\)/.test(l)),
    'the bot back with IAM plays on',
  );
});

test('bad input: each frame error gets its EM and a close; unknown tokens HUH, brackets PRN; the game carries on', async () => {
  const { id, admin, port } = await daideGame();
  const em = async (bytes: number[] | Uint8Array, code: number, handshake = false): Promise<void> => {
    const c = await DaideClient.open(port, handshake);
    c.raw(bytes);
    const r = await c.next();
    assert.deepEqual(r, { kind: 'EM', code }, `bytes ${[...bytes].slice(0, 8).join(',')}`);
    assert.equal((await c.next()).kind, 'closed');
  };
  // A client silent past the IM timer.
  const silent = await DaideClient.open(port, false);
  assert.deepEqual(await silent.next(IM_TIMEOUT + 5000), { kind: 'EM', code: 0x01 });
  await em(diplomacyMessage([0x480c]), 0x02);
  await em([0, 0, 0, 4, 0, 1, 0x10, 0xda], 0x03);
  await em([0, 0, 0, 4, 0, 1, 0x12, 0x34], 0x04);
  await em([0, 0, 0, 4, 0, 2, 0xda, 0x10], 0x05);
  await em(initialMessage(), 0x06, true);
  await em([9, 0, 0, 0], 0x08);
  await em([0, 0, 0, 2, 0, 1], 0x09);
  // Longer than the protocol allows: an IM with data after its four octets; a DM ending in half a token.
  await em([0, 0, 0, 6, 0, 1, 0xda, 0x10, 0, 0], 0x08);
  await em([2, 0, 0, 3, 0x48, 0x0c, 0x40], 0x09, true);
  await em([1, 0, 0, 0], 0x0d, true);
  await em(diplomacyMessage([0x5800]), 0x0e, true);
  await em(diplomacyMessage([0x4000, 0x5560, 0x4001]), 0x0e, true);

  const france = await seat(port, 'FRA:Tester');
  for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) {
    await call(server.url, 'POST', `/api/games/${id}/join`, { power });
  }
  await france.until(/^NOW \(SPR 1901\)/);
  await france.until(/^TME \(\d+\)$/); // the default deadlines
  // An unknown token: HUH with ERR before it, and the connection stays.
  france.raw(diplomacyMessage([0x4c05, 0x480c]));
  assert.equal(await france.message(), 'HUH (ERR 0x4C05 NME)');
  france.raw(diplomacyMessage([0x4809, 0x4000]));
  const prn = await france.next();
  assert.ok(prn.kind === 'DM' && prn.tokens[0] === 0x4813, 'unbalanced brackets: PRN');
  assert.deepEqual(prn.kind === 'DM' && prn.tokens.slice(1), [0x4000, 0x4809, 0x4000, 0x4001]);
  france.send('SUB ((FRA AMY PAR) HLO)');
  assert.equal(await france.message(), 'HUH (SUB ((FRA AMY PAR) ERR HLO))');
  france.send("NME ('Again') ('1')");
  assert.match(await france.message(), /^REJ \(NME /);
  // Orders the client may not give: each has its note; the good one is taken.
  france.send(
    'SUB ((ENG FLT LON) MTO NTH) ((FRA AMY LON) HLD) ((FRA AMY PAR) MTO MOS) ((FRA AMY PAR) RTO BUR) ((FRA FLT BRE) CVY (FRA AMY PAR) CTO LON) ((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR)',
  );
  const notes = [];
  for (let i = 0; i < 6; i++) notes.push(await france.message());
  assert.deepEqual(notes, [
    'THX ((ENG FLT LON) MTO NTH) (NYU)',
    'THX ((FRA AMY LON) HLD) (NSU)',
    'THX ((FRA AMY PAR) MTO MOS) (FAR)',
    'THX ((FRA AMY PAR) RTO BUR) (NRS)',
    'THX ((FRA FLT BRE) CVY (FRA AMY PAR) CTO LON) (NAS)',
    'THX ((FRA AMY MAR) SUP (FRA AMY PAR) MTO BUR) (MBV)',
  ]);
  assert.equal(await france.message(), 'MIS (FRA FLT BRE) (FRA AMY PAR)');
  // Another client floods the server; it is answered in full, and France is answered meanwhile.
  const flood = await DaideClient.open(port);
  const count = 2000;
  const one = diplomacyMessage([0x4809]);
  const burst = new Uint8Array(one.length * count);
  for (let i = 0; i < count; i++) burst.set(one, i * one.length);
  flood.raw(burst);
  france.send('HLO');
  assert.match(await france.message(20_000), /^HLO \(FRA\) /);
  for (let i = 0; i < count; i++) assert.equal(await flood.message(20_000), "MAP ('standard')");
  flood.send("NME ('Late') ('1')");
  assert.match(await flood.message(), /^REJ \(NME /, 'no seat left');
  // The phase is processed; a SUB for it arrives late and is answered, never fatal.
  const processed = await call(server.url, 'POST', `/api/games/${id}/process`, { phase: 'S1901M' }, admin);
  assert.equal(processed.status, 200, JSON.stringify(processed.body));
  await france.until(/^NOW \(FAL 1901\)/);
  await france.until(/^TME \(\d+\)$/);
  france.send('SUB (SPR 1901) ((FRA AMY MAR) HLD)');
  assert.equal(await france.message(), 'THX ((FRA AMY MAR) HLD) (NRS)');
  france.send('HST (SPR 1901)');
  assert.match(
    await france.until(/^ORD \(SPR 1901\) \(\(FRA AMY MAR\)/),
    /SUP \(FRA AMY PAR\) MTO BUR\) \(NSO\)$/,
  );
  assert.match(await france.until(/^(SCO|NOW) /), /^SCO /, 'HST: the ORDs, SCO, then NOW');
  assert.match(await france.message(), /^NOW \(FAL 1901\) /);
  // IAM guesses: three wrong passcodes and the connection is sent OFF.
  const guesser = await DaideClient.open(port);
  for (let i = 0; i < 3; i++) {
    guesser.send(`IAM (ENG) (${i + 1})`);
    assert.match(await guesser.message(), /^REJ \(IAM /);
  }
  assert.equal(await guesser.message(), 'OFF');
  // The game and the other connections carry on.
  france.send('NOW');
  assert.match(await france.message(), /^NOW \(FAL 1901\) /);
  const g = await call<{ status: string; phase: string }>(
    server.url,
    'GET',
    `/api/games/${id}?history=false`,
  );
  assert.equal(g.body.status, 'active');
  assert.equal(g.body.phase, 'F1901M');
  france.close();
  flood.close();
});

test('a DAIDE game needs serve --daide; the port listens from creation and again after a restart', async (t) => {
  const { app } = await buildApp({ db: server.db, instance: 'test' });
  const r = await app.inject({ method: 'POST', url: '/api/games', payload: { daide: true } });
  assert.equal(r.statusCode, 422);
  assert.equal(r.json<{ code: string }>().code, 'daide-off');
  await app.close();
  // A database that outlives the server: PostgreSQL, or PGlite in a directory.
  const dir = mkdtempSync(join(tmpdir(), 'dipkit-daide-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const lasting = (): Parameters<typeof startServer>[0] => ({
    ...serverOptions(),
    ...(DATABASE_URL !== undefined ? {} : { data: dir }),
  });
  let first = await startServer(lasting());
  const created = await call<{ id: string }>(first.url, 'POST', '/api/games', { daide: true });
  const id = created.body.id;
  const port = (await call<{ daidePort: number }>(first.url, 'GET', `/api/games/${id}`)).body.daidePort;
  const c = await DaideClient.open(port);
  c.send("NME ('Restart') ('1')");
  assert.match(await c.message(), /^YES \(NME /);
  await first.close();
  let last = await c.next();
  while (last.kind === 'DM') last = await c.next();
  assert.equal(last.kind, 'FM', 'the server says goodbye as it stops');
  first = await startServer(lasting());
  try {
    const again = await call<{ daidePort: number }>(first.url, 'GET', `/api/games/${id}`);
    assert.equal(again.body.daidePort, port);
    const d = await DaideClient.open(port);
    d.send('MAP');
    assert.equal(await d.message(), "MAP ('standard')");
    d.close();
  } finally {
    await first.close();
  }
});

/** `dipkit bot --daide 127.0.0.1:PORT ...` as a child process: its exit status and its lines. */
function botProcess(
  port: number,
  args: string[],
): { done: Promise<{ code: number | null; lines: string[] }>; output: () => string[] } {
  const child = spawn(process.execPath, [CLI, 'bot', '--daide', `127.0.0.1:${port}`, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const output = (): string[] => out.split('\n').filter(Boolean);
  return {
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code, lines: output() }))),
    output,
  };
}

/** An order's text without the power names the server writes ("AUSTRIA A SER S AUSTRIA A BUD - RUM"). */
function withoutPowers(text: string): string {
  return text.replace(/\b(AUSTRIA|ENGLAND|FRANCE|GERMANY|ITALY|RUSSIA|TURKEY) /g, '');
}

/** The bot's "dipkit bot: S1901M: A PAR - BUR, ..." lines: phase name to the orders it sent. */
function botOrders(lines: readonly string[]): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (const line of lines) {
    const m = /^dipkit bot: ([SFW]\d{4}[MRA]): (.*)$/.exec(line);
    if (!m) continue;
    assert.ok(!sent.has(m[1] ?? ''), `one SUB per phase: ${line}`);
    sent.set(m[1] ?? '', (m[2] ?? '').split(', '));
  }
  return sent;
}

test("dipkit's bot (dipkit bot --daide) plays a whole game on the game's port beside HTTP players", async () => {
  const { id, port } = await daideGame({
    maxYear: 1902,
    deadlines: { movement: 3600, retreat: 600, adjustment: 600 },
  });
  const france = botProcess(port, ['--power', 'FRA', '--seed', '7']);
  const other = botProcess(port, ['--name', 'second', '--seed', '3']);
  // The five other powers join over HTTP once both bots have their seats. Each bot is a new node process that
  // loads the CLI first: on a loaded 2-core machine that took over 10 s once, so the wait is 30 s.
  let open: string[] = [];
  for (const until = Date.now() + 30_000; Date.now() < until && open.length !== 5;) {
    await new Promise((r) => setTimeout(r, 50));
    const v = await call<{ powers: { power: string; joined: boolean }[] }>(
      server.url,
      'GET',
      `/api/games/${id}`,
    );
    open = v.body.powers.filter((p) => !p.joined).map((p) => p.power);
  }
  assert.equal(
    open.length,
    5,
    `both bots took a seat\n${[...france.output(), ...other.output()].join('\n')}`,
  );
  assert.ok(!open.includes('FRANCE'), '--power FRA asks for France');
  const tokens = new Map<string, string>();
  for (const power of open) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    tokens.set(power, j.body.token);
  }
  // The HTTP players hold: ready in every phase they must order in.
  const http = httpPlayers(id, tokens);
  const [f, o] = await Promise.all([france.done, other.done]);
  await http.stop();
  assert.equal(f.code, 0, f.lines.join('\n'));
  assert.equal(o.code, 0, o.lines.join('\n'));
  assert.equal(f.lines[0], 'dipkit bot: playing FRANCE');
  assert.equal(f.lines.at(-1), 'dipkit bot: the game is over');
  for (const line of [...f.lines, ...o.lines])
    assert.doesNotMatch(line, /not accepted|refused|did not understand/, 'every order and message accepted');
  const otherPower = /^dipkit bot: playing ([A-Z]+)$/.exec(o.lines[0] ?? '')?.[1] ?? '';
  assert.ok(open.every((p) => p !== otherPower) && otherPower !== 'FRANCE', o.lines[0]);

  const game = await call<{
    status: string;
    history: { phase: string; orders: { power: string; text: string }[] }[];
  }>(server.url, 'GET', `/api/games/${id}`);
  assert.equal(game.body.status, 'draw');
  const names = game.body.history.map((h) => h.phase);
  assert.equal(new Set(names).size, names.length, `every phase processed once: ${names.join(' ')}`);
  assert.deepEqual(
    names.filter((n) => !n.endsWith('R')),
    ['S1901M', 'F1901M', 'W1901A', 'S1902M', 'F1902M', 'W1902A'],
  );
  // Each bot's orders are the ones stored as its power's, phase by phase, and it ordered in every movement phase.
  for (const [power, lines] of [
    ['FRANCE', f.lines],
    [otherPower, o.lines],
  ] as const) {
    const sent = botOrders(lines);
    for (const h of game.body.history) {
      const stored = h.orders.filter((x) => x.power === power).map((x) => withoutPowers(x.text));
      assert.deepEqual([...stored].sort(), [...(sent.get(h.phase) ?? [])].sort(), `${power} ${h.phase}`);
      if (h.phase.endsWith('M')) assert.ok(stored.length > 0, `${power} ordered in ${h.phase}`);
    }
    for (const phase of sent.keys()) assert.ok(names.includes(phase), `${phase} was played`);
  }
});

test('what the classic bots need: the greeting pushed, ready once ordered, TME after a change, late and waive-only SUBs answered', async () => {
  const { id, admin, port } = await daideGame({
    maxYear: 1902,
    deadlines: { movement: 3600, retreat: 600, adjustment: 600 },
  });
  const france = await seat(port, 'FRA:Classic');
  const tokens = new Map<string, string>();
  for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    tokens.set(power, j.body.token);
  }
  const view = async (): Promise<{ phase: string; powers: { power: string; ready: boolean }[] }> =>
    (
      await call<{ phase: string; powers: { power: string; ready: boolean }[] }>(
        server.url,
        'GET',
        `/api/games/${id}?history=false`,
      )
    ).body;
  const othersReady = async (phase: string): Promise<void> => {
    for (const token of tokens.values())
      await call(server.url, 'POST', `/api/games/${id}/ready`, { ready: true, phase }, token);
  };
  const seconds = (tme: string): number => Number(/^TME \((\d+)\)$/.exec(tme)?.[1]);

  // The last seat taken: HLO, SCO, NOW and TME come without being asked for.
  assert.match(
    await france.message(),
    /^HLO \(FRA\) \(\d+\) \(\(LVL 8000\) \(MTL 3600\) \(RTL 600\) \(BTL 600\)\)$/,
  );
  assert.match(await france.message(), /^SCO \(AUS BUD TRI VIE\) \(ENG EDI LON LVP\) \(FRA BRE MAR PAR\) /);
  assert.match(await france.message(), /^NOW \(SPR 1901\) /);
  const first = seconds(await france.message());
  assert.ok(first > 3590 && first <= 3600, String(first));

  // Complete orders make France ready without GOF; the phase runs once the others are ready too.
  france.send('SUB ((FRA FLT BRE) MTO MAO) ((FRA AMY MAR) MTO SPA) ((FRA AMY PAR) HLD)');
  for (let i = 0; i < 3; i++) assert.match(await france.message(), /\(MBV\)$/);
  assert.equal(await france.message(), 'MIS');
  for (let i = 0; i < 50 && !(await view()).powers.find((p) => p.power === 'FRANCE')?.ready; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.equal((await view()).powers.find((p) => p.power === 'FRANCE')?.ready, true, 'ready once ordered');
  await othersReady('S1901M');
  await france.until(/^NOW \(FAL 1901\) /);
  assert.ok(seconds(await france.message()) > 3590);

  // The admin extends the deadline: a new TME says how long is left.
  const extended = await call(server.url, 'POST', `/api/games/${id}/deadline`, { extend: 600 }, admin);
  assert.equal(extended.status, 200, JSON.stringify(extended.body));
  const after = seconds(await france.until(/^TME /));
  assert.ok(after > 4190 && after <= 4200, String(after));

  france.send('SUB ((FRA FLT MAO) MTO POR) ((FRA AMY SPA) HLD) ((FRA AMY PAR) HLD)');
  assert.equal(await france.until(/^MIS/), 'MIS');
  await othersReady('F1901M');
  assert.match(await france.until(/^SCO /), /\(FRA BRE MAR PAR POR SPA\)/);
  assert.match(await france.message(), /^NOW \(WIN 1901\) /);

  // Two builds due; SUBs that only waive are answered, one waive at a time.
  france.send('SUB (FRA WVE)');
  assert.equal(await france.until(/^THX /), 'THX (FRA WVE) (MBV)');
  assert.equal(await france.message(), 'MIS (-1)');
  france.send('SUB (FRA WVE)');
  assert.equal(await france.message(), 'THX (FRA WVE) (MBV)');
  assert.equal(await france.message(), 'MIS');
  await france.until(/^NOW \(SPR 1902\) /);
  // Late: a SUB for the winter, and a waive in a movement phase: answered, and the connection goes on.
  france.send('SUB (WIN 1901) (FRA WVE)');
  assert.equal(await france.until(/^THX /), 'THX (FRA WVE) (NRS)');
  france.send('SUB (FRA WVE)');
  assert.equal(await france.message(), 'THX (FRA WVE) (NRS)');
  assert.match(await france.message(), /^MIS \(FRA /);
  france.send('NOW');
  assert.match(await france.message(), /^NOW \(SPR 1902\) /);
  france.close();
});

test('press: SND becomes a message of the game and messages reach the DAIDE clients allowed to read them (FRM)', async () => {
  const { id, port } = await daideGame({ deadlines: null });
  const france = await seat(port, 'FRA:Press');
  const germany = await seat(port, 'GER:Press');
  const tokens = new Map<string, string>();
  for (const power of ['ENGLAND', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    tokens.set(power, j.body.token);
  }
  assert.match(await france.until(/^HLO /), /\(\(LVL 8000\)\)$/, 'free text press, every level from 10 up');
  await germany.until(/^HLO /);
  const post = async (power: string, to: string | string[], text: string): Promise<void> => {
    const r = await call(server.url, 'POST', `/api/games/${id}/messages`, { to, text }, tokens.get(power));
    assert.equal(r.status, 201, JSON.stringify(r.body));
  };
  // HTTP to DAIDE: a private message reaches France alone; a message to all, France and Germany.
  await post('ENGLAND', 'FRANCE', 'Shall we split Belgium?');
  assert.equal(await france.until(/^FRM /), "FRM (ENG) (FRA) ('Shall we split Belgium?')");
  await post('ENGLAND', 'FRANCE', 'PRP (ALY (ENG FRA) VSS (GER))');
  assert.equal(await france.until(/^FRM /), 'FRM (ENG) (FRA) (PRP (ALY (ENG FRA) VSS (GER)))', 'as tokens');
  await post('ENGLAND', 'ALL', 'Peace in our time – für alle');
  const toAll = "FRM (ENG) (FRA GER ITA AUS RUS TUR) ('Peace in our time ? f?r alle')";
  assert.equal(await france.until(/^FRM /), toAll);
  assert.equal(await germany.until(/^FRM /), toAll, 'Germany reads the message to all only');

  // DAIDE to HTTP: SND is stored as France's message, YES once kept.
  france.send('SND (ENG) (PRP (PCE (ENG FRA)))');
  assert.equal(await france.until(/^(YES|REJ|HUH) /), 'YES (SND (ENG) (PRP (PCE (ENG FRA))))');
  france.send("SND (SPR 1901) (ENG GER ITA AUS RUS TUR) ('Hello, all')");
  assert.equal(
    await france.until(/^(YES|REJ|HUH) /),
    "YES (SND (SPR 1901) (ENG GER ITA AUS RUS TUR) ('Hello, all'))",
  );
  assert.equal(await germany.until(/^FRM /), "FRM (FRA) (ENG GER ITA AUS RUS TUR) ('Hello, all')");
  const england = await call<{ messages: { from: string; to: string | string[]; text: string }[] }>(
    server.url,
    'GET',
    `/api/games/${id}/messages`,
    undefined,
    tokens.get('ENGLAND'),
  );
  assert.deepEqual(
    england.body.messages.filter((m) => m.from === 'FRANCE').map((m) => [m.to, m.text]),
    [
      ['ENGLAND', 'PRP (PCE (ENG FRA))'],
      ['ALL', 'Hello, all'],
    ],
  );
  const italy = await call<{ messages: { from: string; text: string }[] }>(
    server.url,
    'GET',
    `/api/games/${id}/messages`,
    undefined,
    tokens.get('ITALY'),
  );
  assert.deepEqual(
    italy.body.messages.map((m) => m.text),
    ['Peace in our time – für alle', 'Hello, all'],
    "Italy does not read France's and England's private messages",
  );
  // Refused or unreadable: to itself, a past phase, an unknown power, no press message.
  france.send("SND (FRA) ('me')");
  assert.equal(await france.message(), "REJ (SND (FRA) ('me'))");
  france.send("SND (FAL 1902) (ENG) ('later')");
  assert.equal(await france.message(), "REJ (SND (FAL 1902) (ENG) ('later'))");
  france.send("SND (ENG UNO) ('x')");
  assert.equal(await france.message(), "HUH (SND (ENG ERR UNO) ('x'))");
  france.send('SND (ENG)');
  assert.equal(await france.message(), 'HUH (SND (ENG) ERR)');
  // Germany never saw the private messages, nor its own kind's answers.
  await post('ENGLAND', 'GERMANY', 'last');
  assert.equal(await germany.until(/^FRM /), "FRM (ENG) (GER) ('last')");
  const frms = germany.log.filter((l) => l.startsWith('FRM '));
  assert.equal(frms.length, 3, frms.join('\n'));
  france.close();
  germany.close();

  // A game without press offers level 0, and SND is not understood.
  const gunboat = await daideGame({ press: 'none' });
  const lone = await seat(gunboat.port, 'Lone');
  lone.send("SND (ENG) ('hi')");
  assert.equal(await lone.message(), "HUH (ERR SND (ENG) ('hi'))");
  lone.close();
});

/** The DAIDE seats FRA and GER, and HTTP players for the five others (power to token), all greeted. */
async function pressTable(
  port: number,
  id: string,
  name: string,
): Promise<{ france: DaideClient; germany: DaideClient; tokens: Map<string, string>; hlo: string }> {
  const france = await seat(port, `FRA:${name}`);
  const germany = await seat(port, `GER:${name}`);
  const tokens = new Map<string, string>();
  for (const power of ['ENGLAND', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    tokens.set(power, j.body.token);
  }
  const hlo = await france.until(/^HLO /);
  await germany.until(/^HLO /);
  return { france, germany, tokens, hlo };
}

/** The answer to a SND (the server's answers to it are YES, REJ, HUH, CCD and OUT). */
async function sndAnswer(c: DaideClient, snd: string): Promise<string> {
  c.send(snd);
  return c.until(/^(YES|REJ|HUH|CCD|OUT) /);
}

async function textsFrom(id: string, token: string | undefined, power: string): Promise<string[]> {
  const r = await call<{ messages: { from: string; text: string }[] }>(
    server.url,
    'GET',
    `/api/games/${id}/messages`,
    undefined,
    token,
  );
  return r.body.messages.filter((m) => m.from === power).map((m) => m.text);
}

test('press settings in DAIDE: public press refuses a private SND (REJ); full press checks the grammar of its level (HUH) and a recipient in civil disorder (CCD)', async () => {
  // Public press only: a message to all is sent, a private one (to one power or to several) is refused.
  const pub = await daideGame({ press: 'public', deadlines: null });
  const p = await pressTable(pub.port, pub.id, 'Public');
  assert.match(p.hlo, /^HLO \(FRA\) \(\d+\) \(\(LVL 8000\)\)$/);
  assert.equal(await sndAnswer(p.france, "SND (ENG) ('psst')"), "REJ (SND (ENG) ('psst'))");
  assert.equal(await sndAnswer(p.france, "SND (ENG GER) ('psst')"), "REJ (SND (ENG GER) ('psst'))");
  const toAll = "SND (ENG GER ITA AUS RUS TUR) ('hello, all')";
  assert.equal(await sndAnswer(p.france, toAll), `YES (${toAll})`);
  assert.equal(await p.germany.until(/^FRM /), "FRM (FRA) (ENG GER ITA AUS RUS TUR) ('hello, all')");
  assert.deepEqual(await textsFrom(pub.id, p.tokens.get('ENGLAND'), 'FRANCE'), ['hello, all']);
  p.france.close();
  p.germany.close();

  // Full press at level 8000: every level's press is understood, what fits none of them is not.
  const full = await daideGame({ deadlines: null });
  const f = await pressTable(full.port, full.id, 'Full');
  assert.match(f.hlo, /\(\(LVL 8000\)\)$/);
  const huh: [string, string][] = [
    ['SND (ENG) (PCE (ENG FRA))', 'HUH (SND (ENG) (ERR PCE (ENG FRA)))'],
    ['SND (ENG) (PRP (XDO ((FRA AMY PAR) MTO)))', 'HUH (SND (ENG) (PRP (XDO ((FRA AMY PAR) MTO ERR))))'],
    ['SND (ENG) (PRP (NME))', 'HUH (SND (ENG) (PRP (ERR NME)))'],
    ['SND (ENG) (PRP (DRW (ENG FRA)))', 'HUH (SND (ENG) (PRP (DRW ERR (ENG FRA))))'],
  ];
  for (const [snd, answer] of huh) assert.equal(await sndAnswer(f.france, snd), answer, snd);
  const iff =
    'SND (SPR 1901) (ENG GER) (IFF (NOT (XDO ((GER FLT KIE) MTO DEN))) THN (PRP (FOR (FAL 1901) (XDO ((ENG FLT NTH) SUP (FRA FLT BRE) MTO ECH)))))';
  assert.equal(await sndAnswer(f.france, iff), `YES (${iff})`, 'level 100 press, within 8000');
  assert.equal(await f.germany.until(/^FRM /), `FRM (FRA) (ENG GER) ${iff.slice(iff.indexOf('(IFF'))}`);
  // Germany's client goes away: its seat is in civil disorder and cannot receive press; the message goes to
  // nobody, England included.
  f.germany.close();
  assert.equal(await f.france.until(/^CCD /), 'CCD (GER)');
  assert.equal(await sndAnswer(f.france, "SND (ENG GER) ('anyone there?')"), 'CCD (GER)');
  assert.equal(await sndAnswer(f.france, "SND (ENG) ('just you')"), "YES (SND (ENG) ('just you'))");
  assert.deepEqual(await textsFrom(full.id, f.tokens.get('ENGLAND'), 'FRANCE'), [
    iff.slice(iff.indexOf('(IFF') + 1, -1),
    'just you',
  ]);
  f.france.close();
});

test('press closed in retreats and adjustments: HLO says NPR and NPB, and a SND in the adjustments is refused', async () => {
  const { id, port } = await daideGame({ pressInRetreatsAndAdjustments: false, deadlines: null });
  const france = await seat(port, 'FRA:Closed');
  const tokens = new Map<string, string>();
  for (const power of ['ENGLAND', 'GERMANY', 'ITALY', 'AUSTRIA', 'RUSSIA', 'TURKEY']) {
    const j = await call<{ token: string }>(server.url, 'POST', `/api/games/${id}/join`, { power });
    tokens.set(power, j.body.token);
  }
  assert.match(await france.until(/^HLO /), /^HLO \(FRA\) \(\d+\) \(\(LVL 8000\) \(NPR\) \(NPB\)\)$/);
  // Germany takes Denmark, so that 1901 ends with an adjustment phase (its build), which waits for France's SND.
  let answered: () => void = () => undefined;
  const winterAsked = new Promise<void>((resolve) => (answered = resolve));
  const players = httpPlayers(id, tokens, async (phase, power, token) => {
    if (phase === 'S1901M' && power === 'GERMANY')
      await call(server.url, 'PUT', `/api/games/${id}/orders`, { orders: ['F KIE - DEN'], phase }, token);
    if (phase === 'W1901A') await winterAsked;
  });
  try {
    assert.equal(await sndAnswer(france, "SND (ENG) ('spring')"), "YES (SND (ENG) ('spring'))");
    const holds = 'SUB ((FRA FLT BRE) HLD) ((FRA AMY PAR) HLD) ((FRA AMY MAR) HLD)';
    france.send(holds);
    await france.until(/^NOW \(FAL 1901\)/);
    france.send(holds);
    await france.until(/^NOW \(WIN 1901\)/);
    const winter = await sndAnswer(france, "SND (ENG) ('winter')");
    answered();
    assert.equal(winter, "REJ (SND (ENG) ('winter'))");
    assert.deepEqual(await textsFrom(id, tokens.get('ENGLAND'), 'FRANCE'), ['spring']);
  } finally {
    answered();
    await players.stop();
    france.close();
  }
});

const INDEX = new URL('../src/index.js', import.meta.url).href;

/**
 * Run in a child: a server with DAIDE and a DAIDE game, a connection to its port, a few polls, close(). Nothing
 * calls process.exit: the child ends once nothing is left open. After 5 s it names what is (never unref'd timers
 * aside, its report timer is unref'd and does not keep it alive).
 */
const CHILD = `
import { startServer } from ${JSON.stringify(INDEX)};
import { connect } from 'node:net';
const url = process.env.DATABASE_URL;
const server = await startServer({
  port: 0, host: '127.0.0.1', tick: 50,
  ...(url ? { database: url } : { data: 'memory://' }),
  daide: { ports: [0, 0], poll: 50 },
});
const post = await fetch(server.url + '/api/games', {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ daide: true }),
});
const { id } = await post.json();
const { daidePort } = await (await fetch(server.url + '/api/games/' + id)).json();
const socket = connect(daidePort, '127.0.0.1');
socket.on('error', () => undefined);
await new Promise((resolve) => socket.once('connect', resolve));
await new Promise((resolve) => setTimeout(resolve, 600));
await server.close();
socket.destroy();
process.stdout.write('closed\\n');
setTimeout(() => process.stderr.write('still open: ' + process.getActiveResourcesInfo().join(', ') + '\\n'), 5000).unref();
`;

test('a closed server with DAIDE games and connections leaves nothing open: its process exits by itself', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null | 'hung'>((resolve) => {
    const hung = (): void => {
      child.kill('SIGKILL');
      resolve('hung');
    };
    // A leak keeps the child running for ever: it names what is open 5 s after close(); 60 s in all at most.
    const timer = setTimeout(hung, 60_000);
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('still open')) hung();
    });
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  assert.match(out, /closed/, out);
  assert.equal(code, 0, out);
  assert.doesNotMatch(out, /still open/, out);
});

test(
  'on one PostgreSQL database, another instance takes over the DAIDE port of a game when the one holding it stops',
  {
    skip: DATABASE_URL === undefined ? 'PostgreSQL only (PGlite belongs to one process)' : false,
  },
  async () => {
    const options = (): Parameters<typeof startServer>[0] => ({
      port: 0,
      host: '127.0.0.1',
      database: DATABASE_URL ?? '',
      tick: 100,
      limits: LOAD_LIMITS,
      daide: { ports: [0, 0], poll: 50 },
    });
    const first = await startServer(options());
    const second = await startServer(options());
    let firstOpen = true;
    try {
      const created = await call<{ id: string }>(first.url, 'POST', '/api/games', { daide: true });
      const id = created.body.id;
      const port = (await call<{ daidePort: number }>(second.url, 'GET', `/api/games/${id}`)).body.daidePort;
      assert.ok(port > 0);
      await first.close();
      firstOpen = false;
      // The others try the ports they do not hold every 5 polls (250 ms for the second; this file's shared server
      // may be quicker: either serves the game).
      let client: DaideClient | undefined;
      for (let i = 0; i < 100 && client === undefined; i++) {
        await new Promise((r) => setTimeout(r, 100));
        client = await DaideClient.open(port).catch(() => undefined);
      }
      assert.ok(client, 'another instance listens on the port');
      client.send('MAP');
      assert.equal(await client.message(), "MAP ('standard')");
      client.close();
    } finally {
      if (firstOpen) await first.close();
      await second.close();
    }
  },
);
