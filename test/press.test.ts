/**
 * Press in the game files: the two Cicero games recorded with their messages (test/data/games/*-with-press.json,
 * 170 and 115 messages as their README says) keep every message identical through readMilaJson / writeMilaJson
 * and through dipkit's game file; who may read a message; the limits on a message's text; recipients as a sender
 * names them; `dipkit game show FILE --messages`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { standardMap } from '../src/map/compile.js';
import { readMilaJson, writeMilaJson } from '../src/formats/mila-json.js';
import { readGameJson, writeGameJson } from '../src/formats/game-json.js';
import { newGame, processPhase } from '../src/game/game.js';
import {
  describeMessages,
  mayRead,
  messageTextProblem,
  readRecipients,
  type GameMessage,
} from '../src/game/messages.js';
import { dipkit, tempDir } from './cli-run.js';

const map = standardMap();
const gamesDir = new URL('../../test/data/games/', import.meta.url);
const PRESS_GAMES: [string, number][] = [
  ['cicero-game_433761-with-press.json', 170],
  ['cicero-game_443777-with-press.json', 115],
];

type MilaMessage = Record<string, unknown>;
/** Every phase's messages, by phase name, as the file holds them. */
function messagesByPhase(json: {
  phases: { name: string; messages?: MilaMessage[] }[];
}): [string, MilaMessage[]][] {
  return json.phases.map((p) => [p.name, p.messages ?? []]);
}

for (const [file, count] of PRESS_GAMES) {
  test(`${file}: its ${count} messages read, and written back identical, phase by phase`, () => {
    const text = readFileSync(new URL(file, gamesDir), 'utf8');
    const original = JSON.parse(text) as Parameters<typeof messagesByPhase>[0];
    const read = readMilaJson(text);
    assert.ok(read.value, read.issues.map((i) => i.message).join('; '));
    assert.deepEqual(
      read.issues.filter((i) => i.code === 'unreadable-message'),
      [],
    );
    assert.equal(read.value.messages?.length, count);
    const written = JSON.parse(writeMilaJson(map, read.value)) as Parameters<typeof messagesByPhase>[0];
    assert.deepEqual(messagesByPhase(written), messagesByPhase(original));
    assert.deepEqual(
      written.phases.map((p) => p.name),
      original.phases.map((p) => p.name),
    );
    // MILA's rules say whether the game had press.
    assert.ok(!(written as unknown as { rules: string[] }).rules.includes('NO_PRESS'));
    // Through dipkit's own game file and back.
    const again = readGameJson(writeGameJson(read.value));
    assert.ok(again.value, again.issues.map((i) => i.message).join('; '));
    assert.deepEqual(again.value.messages, read.value.messages);
    const twice = JSON.parse(writeMilaJson(map, again.value)) as Parameters<typeof messagesByPhase>[0];
    assert.deepEqual(messagesByPhase(twice), messagesByPhase(original));
  });
}

test('a game without press is written as before: NO_PRESS and empty messages', () => {
  const json = JSON.parse(writeMilaJson(map, newGame(map))) as { rules: string[]; phases: MilaMessage[] };
  assert.deepEqual(json.rules, ['NO_PRESS']);
  assert.deepEqual(json.phases[0]?.['messages'], []);
  assert.ok(!('messages' in JSON.parse(writeGameJson(newGame(map)))));
});

test("MILA's GLOBAL is everyone; unreadable messages are left out with a warning, the game is still read", () => {
  const game = JSON.parse(writeMilaJson(map, newGame(map))) as { phases: { messages: unknown[] }[] };
  (game.phases[0] as { messages: unknown[] }).messages = [
    { sender: 'FRANCE', recipient: 'GLOBAL', message: 'hello all', phase: 'S1901M', time_sent: 5 },
    { sender: 'france', recipient: 'England', message: 'hi', time_sent: 6 },
    { sender: 'OBSERVER', recipient: 'ENGLAND', message: 'x', phase: 'S1901M', time_sent: 7 },
    { sender: 'FRANCE', recipient: 'NOBODY', message: 'x', phase: 'S1901M', time_sent: 7 },
    { sender: 'FRANCE', recipient: 'ENGLAND', phase: 'S1901M', time_sent: 7 },
    { sender: 'FRANCE', recipient: 'ENGLAND', message: 'x', phase: 'S1901M', time_sent: 1.5 },
    'not a message',
  ];
  const read = readMilaJson(JSON.stringify(game));
  assert.ok(read.value);
  assert.deepEqual(read.value.messages, [
    { phase: 'S1901M', sender: 'FRANCE', to: 'ALL', text: 'hello all', time: 5 },
    { phase: 'S1901M', sender: 'FRANCE', to: 'ENGLAND', text: 'hi', time: 6 },
  ]);
  assert.deepEqual(
    read.issues.map((i) => i.code),
    Array(5).fill('unreadable-message'),
  );
});

test('a message to several powers is one message in the game file and one per recipient in MILA JSON', () => {
  const message: GameMessage = {
    phase: 'S1901M',
    sender: 'FRANCE',
    to: ['ENGLAND', 'GERMANY'],
    text: 'two of you',
    time: 1_700_000_000_000_000,
  };
  const game = { ...newGame(map), messages: [message] };
  const back = readGameJson(writeGameJson(game));
  assert.deepEqual(back.value?.messages, [message]);
  const mila = JSON.parse(writeMilaJson(map, game)) as { phases: { messages: unknown[] }[] };
  assert.deepEqual(mila.phases[0]?.messages, [
    {
      sender: 'FRANCE',
      recipient: 'ENGLAND',
      message: 'two of you',
      phase: 'S1901M',
      time_sent: message.time,
    },
    {
      sender: 'FRANCE',
      recipient: 'GERMANY',
      message: 'two of you',
      phase: 'S1901M',
      time_sent: message.time,
    },
  ]);
  // Processing a phase keeps the press.
  assert.deepEqual(processPhase(map, game).value?.messages, [message]);
});

test('a bad message in a dipkit game file is a specific error naming the field', () => {
  const json = JSON.parse(writeGameJson(newGame(map))) as Record<string, unknown>;
  json['messages'] = [{ phase: 'S1901M', sender: 'FRANCE', to: 'MARS', text: 'x', time: 1 }];
  const read = readGameJson(JSON.stringify(json));
  assert.equal(read.value, undefined);
  assert.match(read.issues[0]?.message ?? '', /messages\[0\]\.to: unknown power "MARS"/);
  json['messages'] = [{ phase: 'S1901M', sender: 'FRANCE', to: 'ALL', text: 'x', time: 'noon' }];
  assert.match(readGameJson(JSON.stringify(json)).issues[0]?.message ?? '', /messages\[0\]\.time/);
});

test('who may read a message: the sender, its recipients, everyone for a message to all; nobody else', () => {
  const toEngland = { sender: 'FRANCE', to: 'ENGLAND' };
  const toTwo = { sender: 'FRANCE', to: ['ENGLAND', 'GERMANY'] };
  const toAll = { sender: 'FRANCE', to: 'ALL' };
  for (const reader of map.powers) {
    assert.equal(mayRead(toEngland, reader), reader === 'FRANCE' || reader === 'ENGLAND', reader);
    assert.equal(mayRead(toTwo, reader), ['FRANCE', 'ENGLAND', 'GERMANY'].includes(reader), reader);
    assert.equal(mayRead(toAll, reader), true, reader);
  }
  // No power (the admin token, no token): only messages to all.
  assert.equal(mayRead(toEngland, undefined), false);
  assert.equal(mayRead(toTwo, undefined), false);
  assert.equal(mayRead(toAll, undefined), true);
});

test('message text: 1 to 10,000 characters, line feeds and tabs but no other control character', () => {
  assert.equal(messageTextProblem('Shall we DMZ the Channel?\n\tYes.'), undefined);
  assert.equal(messageTextProblem('x'.repeat(10_000)), undefined);
  assert.equal(messageTextProblem('<img src=x onerror=alert(1)>'), undefined);
  assert.equal(messageTextProblem('Ça va? 🙂'), undefined);
  assert.match(messageTextProblem('x'.repeat(10_001)) ?? '', /10001 characters; at most 10000/);
  assert.match(messageTextProblem('') ?? '', /empty/);
  assert.match(messageTextProblem(' \n ') ?? '', /empty/);
  for (const c of ['\u0000', '\r', '\u001b', '\u007f', '\u0085', '\u2028']) {
    assert.match(
      messageTextProblem(`a${c}b`) ?? '',
      /control character U\+[0-9A-F]{4} at character 2/,
      escape(c),
    );
  }
});

test('recipients: ALL, a power in any spelling, a list in map order; never the sender, never an unknown power', () => {
  assert.deepEqual(readRecipients(map, 'FRANCE', 'all'), { to: 'ALL' });
  assert.deepEqual(readRecipients(map, 'FRANCE', 'England'), { to: 'ENGLAND' });
  assert.deepEqual(readRecipients(map, 'FRANCE', ['GERMANY', 'England', 'germany']), {
    to: ['ENGLAND', 'GERMANY'],
  });
  assert.deepEqual(readRecipients(map, 'FRANCE', ['ITALY']), { to: 'ITALY' });
  assert.match(JSON.stringify(readRecipients(map, 'FRANCE', 'FRANCE')), /cannot send a message to itself/);
  assert.match(
    JSON.stringify(readRecipients(map, 'FRANCE', ['ENGLAND', 'MARS'])),
    /unknown power \\"MARS\\"/,
  );
  assert.match(JSON.stringify(readRecipients(map, 'FRANCE', [])), /names no power/);
});

test('dipkit game show FILE --messages: the phase asked, every phase, one power; text printed as written', (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'g.json');
  const source = new URL(PRESS_GAMES[0]![0], gamesDir).pathname;
  assert.equal(dipkit('game', 'import', source, file, '--rules', 'dipcc').status, 0);
  const s1901 = dipkit('game', 'show', file, '--messages', '--phase', 'S1901M');
  assert.equal(s1901.status, 0, s1901.stderr);
  const lines = s1901.stdout.trimEnd().split('\n');
  // The first messages of the file, as recorded.
  assert.deepEqual(lines.slice(0, 3), [
    'S1901M: 16 messages',
    '  GERMANY -> ALL: oh lord',
    "  GERMANY -> ENGLAND: okay what's the plan",
  ]);
  assert.equal(lines.length, 17);
  // The current phase (S1909M) has none: the phases that have are named.
  const now = dipkit('game', 'show', file, '--messages');
  assert.match(now.stdout, /^no messages in S1909M; phases with messages: S1901M \(16\), F1901M \(13\)/);
  const austria = dipkit('game', 'show', file, '--messages', '--phase', 'all', '--power', 'AUS', '--json');
  const shown = (JSON.parse(austria.stdout) as { messages: GameMessage[] }).messages;
  assert.ok(shown.length > 0);
  assert.ok(shown.every((m) => m.to === 'ALL' || m.sender === 'AUSTRIA' || m.to === 'AUSTRIA'));
  assert.equal(dipkit('game', 'show', file, '--messages', '--phase', 'S1950M').status, 2);
  assert.equal(dipkit('game', 'show', file, '--phase', 'S1901M').status, 2);
  // A multi-line message keeps its lines, indented.
  const game = JSON.parse(readFileSync(file, 'utf8')) as { messages: GameMessage[] };
  game.messages = [{ phase: 'S1909M', sender: 'ITALY', to: 'ALL', text: 'one\ntwo', time: 1 }];
  writeFileSync(file, JSON.stringify(game));
  assert.equal(
    dipkit('game', 'show', file, '--messages').stdout,
    'S1909M: 1 message\n  ITALY -> ALL: one\n    two\n',
  );
  assert.deepEqual(describeMessages([]), []);
});
