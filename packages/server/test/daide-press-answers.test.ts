/**
 * The answers sendPress gives without storing anything, on positions set up by hand: an eliminated recipient (OUT,
 * which a game played over TCP reaches only after many years), an eliminated sender (REJ), a recipient in civil
 * disorder (CCD). The Message Syntax document: "OUT (power)" when a recipient has been eliminated, "CCD (power)"
 * when it is in civil disorder, and the message is then sent to nobody. The database handed in refuses every
 * query, so a test fails if one of these answers wrote or read anything.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap, type Position } from 'dipkit';
import { mapTokens, parseMessageText, messageText } from 'dipkit/daide';
import { sendPress } from '../src/daide/press.js';
import type { Db } from '../src/db.js';
import type { GameSnapshot } from '../src/daide/seats.js';
import type { GameRow } from '../src/rows.js';

const tokens = mapTokens(standardMap());

/** Spring 1905: Germany has lost every centre and unit; England and France play on. */
const position: Position = {
  phase: { season: 'spring', year: 1905, type: 'movement' },
  units: [
    { power: 'ENGLAND', type: 'F', location: 'NTH' },
    { power: 'FRANCE', type: 'A', location: 'MUN' },
    { power: 'RUSSIA', type: 'A', location: 'BER' },
  ],
  dislodged: [],
  contested: [],
  supplyCenters: { ENGLAND: ['LON'], FRANCE: ['PAR', 'MUN'], GERMANY: [], RUSSIA: ['MOS', 'BER'] },
};

const row = {
  id: 'g1',
  map: 'standard',
  options: {},
  settings: { processWhenReady: true, deadlines: null, press: 'full' },
  status: 'active',
  winner: null,
  seq: 9,
  phase: 'S1905M',
  position,
  deadline: null,
} as unknown as GameRow;
const snap: GameSnapshot = { row, joined: new Set(['ENGLAND', 'FRANCE', 'RUSSIA']), ready: new Set() };

const noDb = {
  query: () => {
    throw new Error('these answers must not touch the database');
  },
} as unknown as Db;

async function answer(power: string, snd: string, inDisorder: string[] = []): Promise<string> {
  const a = await sendPress(noDb, tokens, snap, power, parseMessageText(snd), new Set(inDisorder));
  assert.ok('answer' in a, `${snd} is read`);
  return messageText(a.answer);
}

test('a SND to an eliminated power is answered OUT with that power, to it alone or among others', async () => {
  assert.equal(await answer('FRANCE', "SND (GER) ('are you there?')"), 'OUT (GER)');
  assert.equal(await answer('FRANCE', "SND (ENG GER) ('are you there?')"), 'OUT (GER)');
  assert.equal(await answer('ENGLAND', 'SND (GER FRA) (PRP (PCE (ENG FRA)))'), 'OUT (GER)');
});

test('an eliminated recipient is named before one in civil disorder; CCD when only the latter', async () => {
  assert.equal(await answer('FRANCE', "SND (ENG GER) ('hello')", ['ENGLAND']), 'OUT (GER)');
  assert.equal(await answer('FRANCE', "SND (ENG RUS) ('hello')", ['RUSSIA']), 'CCD (RUS)');
});

test('a SND from an eliminated power is refused (REJ of the message itself)', async () => {
  const snd = "SND (ENG FRA) ('still here')";
  assert.equal(await answer('GERMANY', snd), `REJ (${snd})`);
});
