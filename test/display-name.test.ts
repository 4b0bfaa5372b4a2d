import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName, mapByName, newGame, renderSvg, standardMap } from '../src/index.js';
import { powerDisplayName } from '../src/map/display-name.js';

test('displayName: map names as people read them', () => {
  assert.equal(displayName('ENGLAND'), 'England');
  assert.equal(displayName('PRINCIPALITY OF KIEV'), 'Principality of Kiev');
  assert.equal(displayName('KINGDOM OF DENMARK'), 'Kingdom of Denmark');
  assert.equal(displayName('SPAIN AND PORTUGAL'), 'Spain and Portugal');
  assert.equal(displayName('USA'), 'USA');
  assert.equal(displayName('SOUTH AFRICA'), 'South Africa');
  assert.equal(displayName('spring'), 'Spring');
  assert.equal(displayName('adjustment'), 'Adjustment');
});

test('powerDisplayName: a map spells acronyms its own way (Cold War: USSR, NATO), on the board too', () => {
  const coldWar = mapByName('coldwar')!;
  assert.equal(powerDisplayName(coldWar.definition, 'USSR'), 'USSR');
  assert.equal(powerDisplayName(coldWar.definition, 'NATO'), 'NATO');
  assert.equal(displayName('NATO'), 'Nato', 'without the map, a plain word');
  assert.equal(powerDisplayName(standardMap().definition, 'ENGLAND'), 'England');
  const svg = renderSvg(coldWar, newGame(coldWar).position);
  assert.match(svg, />USSR</);
  assert.match(svg, />NATO</);
  assert.doesNotMatch(svg, /Ussr|Nato/);
});
