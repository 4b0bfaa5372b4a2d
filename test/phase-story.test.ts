// The story of a played phase: its marks (standoffs, dislodgements) and its results in words. The position is
// judged by hand: F HOL, supported by A RUH, dislodges the French A BEL; A MAR and A MUN bounce in Burgundy, which
// stays empty; so BEL may retreat to PIC only (not HOL: the attacker's origin; not RUH: occupied; not BUR: the
// standoff; ENG and NTH: seas).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newGame,
  phaseMarks,
  processPhase,
  renderSvg,
  resultLines,
  standardMap,
  submitOrders,
  type Game,
} from '../src/index.js';

const map = standardMap();

function played(): Game {
  let game: Game = {
    ...newGame(map),
    position: {
      phase: { season: 'spring', year: 1901, type: 'movement' },
      units: [
        { power: 'FRANCE', type: 'A', location: 'BEL' },
        { power: 'FRANCE', type: 'A', location: 'MAR' },
        { power: 'GERMANY', type: 'F', location: 'HOL' },
        { power: 'GERMANY', type: 'A', location: 'RUH' },
        { power: 'GERMANY', type: 'A', location: 'MUN' },
      ],
      dislodged: [],
      contested: [],
      supplyCenters: { FRANCE: ['BEL', 'MAR'], GERMANY: ['HOL', 'MUN'] },
    },
  };
  game = submitOrders(map, game, 'FRANCE', 'A BEL H\nA MAR - BUR').value!;
  game = submitOrders(map, game, 'GERMANY', 'F HOL - BEL\nA RUH S F HOL - BEL\nA MUN - BUR').value!;
  return processPhase(map, game).value!;
}

void test('the marks of a movement phase: the standoff in BUR and A BEL dislodged from HOL', () => {
  const record = played().history[0]!;
  const marks = phaseMarks(map, record);
  assert.deepEqual(marks.contested, ['BUR']);
  assert.deepEqual(
    marks.dislodged.map((d) => [d.power, d.type, d.location, d.attackerFrom]),
    [['FRANCE', 'A', 'BEL', 'HOL']],
  );
  assert.equal(marks.orders.length, 5);
});

void test('the results spell out the dislodgement and the standoff', () => {
  const record = played().history[0]!;
  const lines = resultLines(record, phaseMarks(map, record));
  const bel = lines.find((l) => l.unit === 'A BEL')!;
  assert.match(bel.text, /; dislodged by F HOL; may retreat to PIC$/);
  assert.deepEqual(bel.dislodged?.retreats, ['PIC']);
  assert.equal(lines.at(-1)?.text, 'standoff: BUR left empty (no retreat there)');
});

void test('a dislodged unit without an order gets a line of its own; no retreat says disbanded', () => {
  const record = { ...played().history[0]! };
  const lines = resultLines({
    ...record,
    outcomes: record.outcomes.filter((o) => o.unit !== 'A BEL'),
    dislodged: [{ unit: 'A BEL', power: 'FRANCE', by: 'F HOL', retreats: [] }],
  });
  assert.deepEqual(lines.at(-1), {
    unit: 'A BEL',
    text: 'no order; dislodged by F HOL; no retreat: disbanded',
    dislodged: { unit: 'A BEL', power: 'FRANCE', by: 'F HOL', retreats: [] },
  });
});

void test('the board of the played phase carries every mark: standoff, dislodgement, retreat option', () => {
  const record = played().history[0]!;
  const svg = renderSvg(map, record.position, { result: phaseMarks(map, record) });
  assert.match(svg, /<g class="bounce" data-province="BUR">/);
  assert.match(
    svg,
    /<g class="dislodgement" data-location="BEL"><title>A BEL dislodged by an attack from HOL; may retreat to PIC</,
  );
  assert.deepEqual(
    [...svg.matchAll(/class="retreat-option" data-location="([^"]+)"/g)].map((m) => m[1]),
    ['PIC'],
  );
});
