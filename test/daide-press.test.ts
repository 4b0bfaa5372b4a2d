/**
 * The press grammar of the DAIDE Message Syntax (dipkit/daide's pressError), with the document's own examples and
 * hand-written sentences of each level: each fits at its level and above, and below it gets ERR before the first
 * token of the higher level; malformed sentences get ERR where they stop fitting.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import {
  FREE_TEXT_LEVEL,
  PRESS_TOKEN_LEVELS,
  mapTokens,
  markError,
  messageText,
  parseMessageText,
  pressError,
} from '../src/daide/index.js';

const tokens = mapTokens(standardMap());

/** The press with ERR where it stops fitting level `level`, or 'ok'. */
function judged(press: string, level: number): string {
  const items = parseMessageText(press);
  const path = pressError(tokens, items, level);
  return path === undefined ? 'ok' : messageText(markError(items, path));
}

/** [level, sentence, what the level below makes of it] */
const BY_LEVEL: [number, string, string][] = [
  [10, 'PRP (PCE (ENG FRA))', 'ERR PRP (PCE (ENG FRA))'],
  [10, 'PRP (ALY (ENG FRA) VSS (GER))', 'ERR PRP (ALY (ENG FRA) VSS (GER))'],
  [10, 'PRP (NOT (DRW))', 'ERR PRP (NOT (DRW))'],
  [10, 'FCT (SLO (FRA))', 'ERR FCT (SLO (FRA))'],
  [10, 'CCL (PRP (PCE (ENG FRA)))', 'ERR CCL (PRP (PCE (ENG FRA)))'],
  [10, 'YES (PRP (PCE (ENG FRA)))', 'ERR YES (PRP (PCE (ENG FRA)))'],
  [10, 'HUH (ERR PRP (PCE (ENG FRA)))', 'ERR HUH (ERR PRP (PCE (ENG FRA)))'],
  [10, 'TRY (PRP PCE ALY VSS DRW SLO NOT YES REJ BWX)', 'ERR TRY (PRP PCE ALY VSS DRW SLO NOT YES REJ BWX)'],
  [20, 'PRP (XDO ((FRA AMY PAR) MTO BUR))', 'PRP (ERR XDO ((FRA AMY PAR) MTO BUR))'],
  [20, 'PRP (DMZ (ENG FRA) (ECH))', 'PRP (ERR DMZ (ENG FRA) (ECH))'],
  [
    30,
    'PRP (AND (XDO ((FRA AMY PAR) MTO BUR)) (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR)))',
    'PRP (ERR AND (XDO ((FRA AMY PAR) MTO BUR)) (XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR)))',
  ],
  [40, 'PRP (SCD (ENG NWY DEN) (GER HOL))', 'PRP (ERR SCD (ENG NWY DEN) (GER HOL))'],
  [40, 'PRP (OCC (ENG UNT BEL))', 'PRP (ERR OCC (ENG UNT BEL))'],
  // The document's example of CHO: choose two centres from Norway, Denmark and Sweden.
  [
    50,
    'PRP (CHO (2 2) (SCD (ENG NWY)) (SCD (ENG DEN)) (SCD (ENG SWE)))',
    'PRP (ERR CHO (2 2) (SCD (ENG NWY)) (SCD (ENG DEN)) (SCD (ENG SWE)))',
  ],
  [
    50,
    'PRP (ORR (XDO ((FRA AMY PAR) MTO PIC)) (AND (XDO ((FRA AMY PAR) MTO BUR)) (XDO ((GER AMY MUN) MTO BUR))))',
    'PRP (ORR (XDO ((FRA AMY PAR) MTO PIC)) (ERR AND (XDO ((FRA AMY PAR) MTO BUR)) (XDO ((GER AMY MUN) MTO BUR))))',
  ],
  [60, 'INS (NOT (PCE (ENG FRA)))', 'ERR INS (NOT (PCE (ENG FRA)))'],
  [60, 'FCT (NOT (QRY (PCE (ENG FRA))))', 'FCT (NOT (ERR QRY (PCE (ENG FRA))))'],
  [60, 'IDK (QRY (ALY (ENG FRA) VSS (GER)))', 'ERR IDK (QRY (ALY (ENG FRA) VSS (GER)))'],
  [70, 'WHT (FRA AMY PAR)', 'ERR WHT (FRA AMY PAR)'],
  [70, 'HOW (MUN)', 'ERR HOW (MUN)'],
  [70, 'HOW (GER)', 'ERR HOW (GER)'],
  [80, 'EXP (SPR 1901) (PRP (PCE (ENG FRA)))', 'ERR EXP (SPR 1901) (PRP (PCE (ENG FRA)))'],
  [80, 'SRY (EXP (SPR 1901) (PRP (PCE (ENG FRA))))', 'ERR SRY (EXP (SPR 1901) (PRP (PCE (ENG FRA))))'],
  [90, 'PRP (FOR (SPR 1902) (PCE (ENG FRA)))', 'PRP (ERR FOR (SPR 1902) (PCE (ENG FRA)))'],
  [
    90,
    'PRP (FOR ((SPR 1902) (FAL 1903)) (PCE (ENG FRA)))',
    'PRP (ERR FOR ((SPR 1902) (FAL 1903)) (PCE (ENG FRA)))',
  ],
  // The document's example of IFF, word for word.
  [
    100,
    'IFF (NOT (XDO ((RUS FLT (STP NCS)) BLD))) THN (PRP (FOR (SPR 1902) (XDO ((ENG FLT NWY) SUP (RUS FLT GOB) MTO SWE)))) ELS (INS (FOR (SPR 1902) (XDO ((ENG FLT NWY) SUP (GER FLT DEN) MTO SWE))))',
    'ERR IFF (NOT (XDO ((RUS FLT (STP NCS)) BLD))) THN (PRP (FOR (SPR 1902) (XDO ((ENG FLT NWY) SUP (RUS FLT GOB) MTO SWE)))) ELS (INS (FOR (SPR 1902) (XDO ((ENG FLT NWY) SUP (GER FLT DEN) MTO SWE))))',
  ],
  [110, 'PRP (XOY (ENG) (FRA))', 'PRP (ERR XOY (ENG) (FRA))'],
  [110, 'PRP (YDO (ENG) (FRA AMY PAR) (FRA FLT BRE))', 'PRP (ERR YDO (ENG) (FRA AMY PAR) (FRA FLT BRE))'],
  [120, 'PRP (SND (GER) (ENG) (PRP (PCE (ENG GER))))', 'PRP (ERR SND (GER) (ENG) (PRP (PCE (ENG GER))))'],
  [120, 'PRP (FWD (GER RUS) (ENG) (FRA))', 'PRP (ERR FWD (GER RUS) (ENG) (FRA))'],
  [120, 'FRM (ENG) (FRA) (PRP (PCE (ENG FRA)))', 'ERR FRM (ENG) (FRA) (PRP (PCE (ENG FRA)))'],
  [130, 'WHY (THK (PCE (ENG FRA)))', 'ERR WHY (THK (PCE (ENG FRA)))'],
  [130, 'POB (WHY (FCT (PCE (ENG FRA))))', 'ERR POB (WHY (FCT (PCE (ENG FRA))))'],
  // Free text: SND (FRA) ('Shall we split Belgium?') carries the string alone.
  [FREE_TEXT_LEVEL, "'Shall we split Belgium?'", "ERR 'Shall we split Belgium?'"],
];

test('each level’s press fits at its level and above, and below it gets ERR before the higher token', () => {
  const levels = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, FREE_TEXT_LEVEL];
  for (const [level, press, below] of BY_LEVEL) {
    for (const l of levels.filter((x) => x >= level))
      assert.equal(judged(press, l), 'ok', `${press} at ${l}`);
    const under = levels[levels.indexOf(level) - 1] ?? 0;
    assert.equal(judged(press, under), below, `${press} at ${under}`);
  }
  // Every press token of the document's levels 10 to 130 has its level.
  assert.equal(PRESS_TOKEN_LEVELS.get('PRP'), 10);
  assert.equal(PRESS_TOKEN_LEVELS.get('XDO'), 20);
  assert.equal(PRESS_TOKEN_LEVELS.get('IFF'), 100);
  assert.equal(PRESS_TOKEN_LEVELS.get('WHY'), 130);
});

test('level 30 forbids nested or repeated AND/ORR; level 50 allows them', () => {
  const nested = 'PRP (AND (XDO ((FRA AMY PAR) MTO BUR)) (ORR (PCE (ENG FRA)) (PCE (ENG GER))))';
  assert.equal(
    judged(nested, 40),
    'PRP (AND (XDO ((FRA AMY PAR) MTO BUR)) (ERR ORR (PCE (ENG FRA)) (PCE (ENG GER))))',
  );
  assert.equal(judged(nested, 50), 'ok');
  // AND needs at least two arrangements.
  assert.equal(judged('PRP (AND (PCE (ENG FRA)))', 50), 'PRP (AND (PCE (ENG FRA)) ERR)');
});

test('malformed press gets ERR where it stops fitting, at every level', () => {
  const cases: [string, string][] = [
    ['PCE (ENG FRA)', 'ERR PCE (ENG FRA)'], // an arrangement is not a message without PRP
    ['PRP (PCE (ENG XYZ))', 'PRP (PCE (ENG ERR XYZ))'],
    ['PRP (PCE (ENG FRA)) (PCE (GER))', 'PRP (PCE (ENG FRA)) ERR (PCE (GER))'],
    ['PRP (ALY (ENG FRA) (GER))', 'PRP (ALY (ENG FRA) ERR (GER))'],
    ['PRP (PCE ())', 'PRP (PCE (ERR))'],
    ['PRP (XDO ((FRA AMY PAR) MTO))', 'PRP (XDO ((FRA AMY PAR) MTO ERR))'],
    ['PRP (XDO ((FRA TNK PAR) HLD))', 'PRP (XDO (ERR (FRA TNK PAR) HLD))'],
    ['PRP (SLO (FRA GER))', 'PRP (SLO (FRA ERR GER))'],
    ['PRP (DRW (FRA GER))', 'PRP (DRW ERR (FRA GER))'], // partial draws (PDA) are not offered
    ['PRP (NME)', 'PRP (ERR NME)'],
    ['TRY (PRP NME)', 'TRY (PRP ERR NME)'],
    ['IFF (PCE (ENG FRA)) (PRP (DRW))', 'IFF (PCE (ENG FRA)) ERR (PRP (DRW))'],
    ['WHT (FRA AMY XYZ)', 'WHT (FRA AMY ERR XYZ)'],
    ['EXP (1901) (PRP (DRW))', 'EXP (ERR 1901) (PRP (DRW))'],
    ["'one' 'two'", "'one' ERR 'two'"],
  ];
  for (const [press, expected] of cases) assert.equal(judged(press, FREE_TEXT_LEVEL), expected, press);
});
