import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName } from '../src/index.js';

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
