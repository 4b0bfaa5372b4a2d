/**
 * Rule options (DATC v3.2 chapter 4): parsing of choices by letter and name, presets, and a test of our own for
 * every choice that no chapter 6 case pins (cases built from the chapter 4 text). The outcomes chapter 6 states
 * for non-preferred choices are checked in datc-alternatives.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DATC_PREFERRED,
  PRESETS,
  RULE_ISSUES,
  describeRules,
  presetFlow,
  resolveRules,
  withDefaults,
  type RuleOptions,
} from '../src/adjudication/rules.js';
import { prepareMovementCase, runCase, wordMismatches, type DatcCase } from './datc-harness.js';
import { adjudicateMovement } from '../src/adjudication/movement/adjudicate.js';
import { standardMap } from '../src/map/compile.js';
import { parseOrder } from '../src/orders/parse.js';
import type { GivenOrder, Order } from '../src/orders/types.js';

/** A case in the DATC's own shape: `owns` as [power, "F London" | "SC Moscow"], orders as [power, text, expected]. */
function makeCase(
  id: string,
  phase: 'movement' | 'adjustment',
  owns: [string, string][],
  orders: [string, string, string][],
  retreats: [string, string, string][] = [],
): DatcCase {
  return {
    id,
    section: 'own',
    title: id,
    phase,
    owns: owns.map(([power, what]) =>
      what.startsWith('SC ') ? { power, center: what.slice(3) } : { power, unit: what },
    ),
    orders: orders.map(([power, text, result]) => ({ power, text, result })),
    retreats: retreats.map(([power, text, result]) => ({ power, text, result })),
    automatic: [],
  };
}

function check(c: DatcCase, settings: string[], automatic?: string[]): void {
  const rules = resolveRules('datc', settings);
  assert.deepEqual(rules.issues, []);
  const prepared = prepareMovementCase(c);
  const run = runCase(prepared, rules.value);
  const texts = c.orders.map((o) => o.text);
  assert.deepEqual(
    wordMismatches(prepared.expected, run.words, texts),
    [],
    `${c.id} under ${settings.join(' ')}`,
  );
  if (prepared.retreats) {
    const retreatTexts = c.retreats.map((o) => o.text);
    assert.deepEqual(
      wordMismatches(prepared.retreats.expected, run.retreatWords ?? [], retreatTexts),
      [],
      `${c.id} retreats under ${settings.join(' ')}`,
    );
  }
  if (automatic) assert.deepEqual(run.automatic, automatic);
}

void test('every issue has a default that is one of its choices, and letters and names are unique', () => {
  for (const issue of RULE_ISSUES) {
    const names = issue.choices.map((c) => c.name);
    assert.ok(names.includes(DATC_PREFERRED[issue.key]), `${issue.id} default`);
    assert.equal(new Set(names).size, names.length, `${issue.id} names`);
    assert.equal(new Set(issue.choices.map((c) => c.letter)).size, names.length, `${issue.id} letters`);
  }
  assert.equal(Object.keys(DATC_PREFERRED).length, RULE_ISSUES.length);
});

void test('choices by letter and by name', () => {
  assert.equal(resolveRules('datc', ['4.A.2=f']).value?.convoyParadox, 'szykman');
  assert.equal(resolveRules('datc', ['4.A.2=c']).value?.convoyParadox, 'rule-2000');
  assert.equal(resolveRules('datc', ['4.a.2=all-hold']).value?.convoyParadox, 'all-hold');
  assert.equal(resolveRules('datc', ['convoyParadox=dptg']).value?.convoyParadox, 'dptg');
  assert.equal(resolveRules('datc', ['4.E.1=a']).value?.legalOrders, 'any-format');
  assert.equal(resolveRules('1971', ['4.A.1=b']).value?.multiRouteConvoy, 'all-routes-disrupted');
  assert.deepEqual(
    resolveRules('datc', ['4.Z.9=a']).issues.map((i) => i.code),
    ['unknown-rule'],
  );
  assert.deepEqual(
    resolveRules('datc', ['4.A.2=q']).issues.map((i) => i.code),
    ['unknown-choice'],
  );
  assert.deepEqual(
    resolveRules('datc', ['4.A.2']).issues.map((i) => i.code),
    ['bad-rule'],
  );
  assert.deepEqual(
    resolveRules('nope').issues.map((i) => i.code),
    ['unknown-preset'],
  );
});

void test('bad rule settings are refused with messages that say what is wrong and what would do', () => {
  const issues = (preset: string, settings: string[]) => resolveRules(preset, settings).issues;
  assert.deepEqual(issues('datc', ['4.A.1=q']), [
    {
      code: 'unknown-choice',
      message: 'unknown choice "q" for 4.A.1; choices: a/any-route-disrupts, b/all-routes-disrupted',
    },
  ]);
  assert.deepEqual(issues('datc', ['4.Z.9=a']), [
    { code: 'unknown-rule', message: `unknown rule issue "4.Z.9"; see 'dipkit rules'` },
  ]);
  assert.deepEqual(issues('datc', ['=a']), [
    { code: 'unknown-rule', message: `unknown rule issue ""; see 'dipkit rules'` },
  ]);
  assert.deepEqual(issues('datc', ['4.A.1']), [
    { code: 'bad-rule', message: '"4.A.1": expected ISSUE=CHOICE, for example 4.A.2=szykman' },
  ]);
  assert.deepEqual(issues('nope', []), [
    {
      code: 'unknown-preset',
      message:
        'unknown rules preset "nope"; presets: 1971, 1982, 2000, 2023, 2025, datc, dptg, godip, dipcc, mila, datc-2.4',
    },
  ]);
  // Every bad setting is named, in the order given; a good one among them gives no rules either.
  assert.deepEqual(
    issues('datc', ['4.A.1=b', '4.A.2', '4.A.3=zz', 'x=y']).map((i) => i.code),
    ['bad-rule', 'unknown-choice', 'unknown-rule'],
  );
  assert.equal(resolveRules('datc', ['4.A.1=b', '4.A.2']).value, undefined);
});

void test('rule settings ignore case and spaces around the issue and the choice; later settings win', () => {
  const paradox = (setting: string) => resolveRules('datc', [setting]).value?.multiRouteConvoy;
  assert.equal(paradox(' 4.a.1 = B '), 'all-routes-disrupted');
  assert.equal(paradox(' MULTIROUTECONVOY = All-Routes-Disrupted'), 'all-routes-disrupted');
  assert.equal(resolveRules('datc', ['4.A.1=b', '4.A.1=a']).value?.multiRouteConvoy, 'any-route-disrupts');
  // A setting overrides the preset's own choice; the preset's name is read in any case.
  assert.equal(resolveRules('DPTG').value?.convoyParadox, 'dptg');
  assert.equal(resolveRules('DPTG', ['4.A.2=szykman']).value?.convoyParadox, 'szykman');
  assert.deepEqual(resolveRules(), { value: DATC_PREFERRED, issues: [] });
});

void test('game flow of presets, defaults for partial options, and the settings that differ', () => {
  assert.deepEqual(presetFlow(), { unretreatable: 'disband' });
  assert.deepEqual(presetFlow('DIPCC'), { unretreatable: 'retreat-phase' });
  assert.deepEqual(presetFlow('mila'), { unretreatable: 'disband' });
  assert.deepEqual(presetFlow('nope'), { unretreatable: 'disband' });
  assert.equal(withDefaults(), DATC_PREFERRED);
  assert.deepEqual(withDefaults({ convoyParadox: 'all-hold' }), {
    ...DATC_PREFERRED,
    convoyParadox: 'all-hold',
  });
  assert.deepEqual(describeRules(DATC_PREFERRED), []);
  assert.deepEqual(describeRules(resolveRules('dptg').value!), [
    '4.A.2=dptg',
    '4.A.3=dptg',
    '4.A.5=forbidden',
    '4.D.8=rule-1971',
    '4.E.1=any-format',
  ]);
});

void test('every preset resolves', () => {
  for (const name of Object.keys(PRESETS)) {
    const rules = resolveRules(name);
    assert.deepEqual(rules.issues, [], name);
    for (const [key, value] of Object.entries(PRESETS[name]!.rules)) {
      assert.equal(rules.value![key as keyof RuleOptions], value, `${name} ${key}`);
    }
  }
});

// 4.A.6: a written convoy path. Ignored by default; followed when allowed; a convoy without one is invalid when
// paths are required.
const pathCase = (order: string, army: string, englishChannel: string): DatcCase =>
  makeCase(
    '4.A.6',
    'movement',
    [],
    [
      ['England', order, army],
      ['England', 'F North Sea Convoys A London - Belgium', 'available'],
      ['England', 'F English Channel Convoys A London - Belgium', englishChannel],
      ['France', 'F Brest Supports F Mid-Atlantic Ocean - English Channel', 'given'],
      ['France', 'F Mid-Atlantic Ocean - English Channel', 'succeeds'],
    ],
  );
void test('4.A.6 a: a convoy path in the order is ignored', () => {
  check(pathCase('A London - English Channel - Belgium', 'succeeds', 'disrupted, dislodged'), []);
});
void test('4.A.6 b: a written path is followed', () => {
  check(pathCase('A London - English Channel - Belgium', 'fails', 'disrupted, dislodged'), ['4.A.6=b']);
  check(pathCase('A London - North Sea - Belgium', 'succeeds', 'disrupted, dislodged'), ['4.A.6=allowed']);
  check(pathCase('A London - Belgium', 'succeeds', 'disrupted, dislodged'), ['4.A.6=allowed']);
});
void test('4.A.6 c: a convoyed move needs its path', () => {
  check(pathCase('A London - Belgium', 'invalid', 'disrupted, dislodged'), ['4.A.6=c']);
  check(pathCase('A London - North Sea - Belgium', 'succeeds', 'disrupted, dislodged'), ['4.A.6=required']);
});

void test('4.B.1 b: a default coast when both can be reached', () => {
  const c = makeCase('4.B.1', 'movement', [], [['France', 'F Mid-Atlantic Ocean - Spain', 'succeeds']]);
  check(c, ['4.B.1=default-coast']);
  check(makeCase('4.B.1', 'movement', [], [['France', 'F Mid-Atlantic Ocean - Spain', 'illegal']]), []);
});

void test('4.B.2 b and 4.B.3 a', () => {
  check(makeCase('4.B.2', 'movement', [], [['France', 'F Gascony - Spain', 'illegal']]), ['4.B.2=b']);
  check(makeCase('4.B.3', 'movement', [], [['France', 'F Gascony - Spain(sc)', 'succeeds']]), ['4.B.3=a']);
});

void test('4.B.4 a/b: a support without coast', () => {
  // 6.B.7 (own unit) and 6.B.15 (foreign unit) positions.
  const own = (support: string, west: string): DatcCase =>
    makeCase(
      '4.B.4',
      'movement',
      [],
      [
        ['France', 'F Portugal Supports F Mid-Atlantic Ocean - Spain', support],
        ['France', 'F Mid-Atlantic Ocean - Spain(nc)', 'fails'],
        ['Italy', 'F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)', 'given'],
        ['Italy', 'F Western Mediterranean - Spain(sc)', west],
      ],
    );
  check(own('illegal', 'succeeds'), ['4.B.4=a']);
  check(own('given', 'fails'), ['4.B.4=b']);
  const foreign = (support: string, west: string): DatcCase =>
    makeCase(
      '4.B.4',
      'movement',
      [],
      [
        ['France', 'F Portugal Supports F Mid-Atlantic Ocean - Spain', support],
        ['England', 'F Mid-Atlantic Ocean - Spain(nc)', 'fails'],
        ['Italy', 'F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)', 'given'],
        ['Italy', 'F Western Mediterranean - Spain(sc)', west],
      ],
    );
  check(foreign('illegal', 'succeeds'), ['4.B.4=own-unit-only']);
});

void test('4.B.5 a and 4.B.6 a: wrong or irrelevant coasts make orders illegal', () => {
  check(
    makeCase(
      '4.B.5',
      'movement',
      [['France', 'F Spain(sc)']],
      [['France', 'F Spain(nc) - Gulf of Lyon', 'illegal']],
    ),
    ['4.B.5=a'],
  );
  check(makeCase('4.B.6', 'movement', [], [['France', 'A Gascony - Spain(nc)', 'illegal']]), ['4.B.6=a']);
  check(makeCase('4.B.6', 'movement', [], [['France', 'F Brest - Gascony(nc)', 'illegal']]), ['4.B.6=a']);
  check(makeCase('4.B.6', 'movement', [], [['France', 'F Brest - Gascony(nc)', 'succeeds']]), []);
});

void test('4.B.7 b: a fleet built in St Petersburg without coast gets the first coast', () => {
  const c = makeCase(
    '4.B.7',
    'adjustment',
    [['Russia', 'SC St Petersburg']],
    [['Russia', 'Build F St Petersburg', 'succeeds']],
  );
  check(c, ['4.B.7=b']);
});

void test('4.C.1 a and 4.C.2 a: unit designation', () => {
  check(makeCase('4.C.1', 'movement', [['France', 'A Paris']], [['France', 'Paris - Burgundy', 'illegal']]), [
    '4.C.1=a',
  ]);
  check(
    makeCase('4.C.1', 'movement', [['France', 'A Paris']], [['France', 'Paris - Burgundy', 'succeeds']]),
    [],
  );
  check(
    makeCase('4.C.2', 'movement', [['France', 'A Paris']], [['France', 'F Paris - Burgundy', 'illegal']]),
    ['4.C.2=a'],
  );
  check(
    makeCase('4.C.2', 'movement', [['France', 'A Paris']], [['France', 'F Paris - Burgundy', 'succeeds']]),
    [],
  );
});

void test('4.C.3 b and 4.C.4 b: builds without a type, fleets inland', () => {
  const home = (order: string, result: string): DatcCase =>
    makeCase(
      '4.C',
      'adjustment',
      [
        ['France', 'SC Brest'],
        ['France', 'SC Paris'],
      ],
      [['France', order, result]],
    );
  check(home('Build Brest', 'illegal'), []);
  check(home('Build Brest', 'succeeds'), ['4.C.3=b']);
  check(home('Build Paris', 'succeeds'), []);
  check(home('Build F Paris', 'illegal'), []);
  check(home('Build F Paris', 'succeeds'), ['4.C.4=b']);
});

void test('4.C.5 a and 4.C.6 a: nationality in support orders', () => {
  const c = (support: string, result: string): DatcCase =>
    makeCase(
      '4.C.5',
      'movement',
      [],
      [
        ['Germany', 'A Munich - Burgundy', result === 'given' ? 'succeeds' : 'fails'],
        ['France', support, result],
        ['England', 'A Picardy - Burgundy', 'fails'],
      ],
    );
  check(c('A Paris Supports A Munich - Burgundy', 'illegal'), ['4.C.5=a']);
  check(c('A Paris Supports German A Munich - Burgundy', 'given'), ['4.C.5=a']);
  check(c('A Paris Supports English A Munich - Burgundy', 'illegal'), ['4.C.6=a']);
  check(c('A Paris Supports English A Munich - Burgundy', 'given'), []);
});

void test('4.D.3 b/c: several orders to one unit', () => {
  const c = (first: string, second: string): DatcCase =>
    makeCase(
      '4.D.3',
      'movement',
      [],
      [
        ['France', 'A Paris - Burgundy', first],
        ['France', 'A Paris - Picardy', second],
      ],
    );
  check(c('succeeds', 'illegal'), []);
  check(c('illegal', 'succeeds'), ['4.D.3=b']);
  check(c('illegal', 'illegal'), ['4.D.3=c']);
  // The same order twice is one order.
  check(
    makeCase(
      '4.D.3',
      'movement',
      [],
      [
        ['France', 'A Paris - Burgundy', 'succeeds'],
        ['France', 'A Paris - Burgundy', 'illegal'],
      ],
    ),
    ['4.D.3=c'],
  );
});

void test('4.D.3 c: the same order written differently is one order, and says so', () => {
  // As the text gives it, in long and in short form, and as objects of different shapes (key order, a type given
  // or not, an absent versus an undefined field): all one move, so under "all illegal" it still counts.
  const map = standardMap();
  const position = prepareMovementCase(
    makeCase('4.D.3', 'movement', [['France', 'A Paris']], [['France', 'A Paris Holds', 'stands']]),
  ).position;
  const forms: GivenOrder[][] = [
    [
      { power: 'FRANCE', order: { kind: 'move', unit: { location: 'PAR' }, to: 'BUR' } },
      {
        power: 'FRANCE',
        // A plain-JavaScript caller may pass an undefined field that the type leaves out.
        order: {
          to: 'BUR',
          unit: { type: 'A', location: 'PAR' },
          kind: 'move',
          viaConvoy: undefined,
        } as unknown as Order,
      },
    ],
    [
      { power: 'FRANCE', order: parseOrder(map, 'A Paris - Burgundy').value!.order },
      { power: 'FRANCE', order: parseOrder(map, 'A par-bur').value!.order },
    ],
  ];
  for (const orders of forms) {
    const result = adjudicateMovement(map, position, orders, resolveRules('datc', ['4.D.3=c']).value).value!;
    assert.deepEqual(
      result.orders.map((o) => [o.resolution, o.message]),
      [
        ['succeeds', result.orders[0]!.message],
        ['illegal', 'illegal: the same order was given to the unit more than once; it counts once (4.D.3)'],
      ],
    );
    assert.deepEqual(result.position.units, [{ power: 'FRANCE', type: 'A', location: 'BUR' }]);
  }
  // Different orders under "first": the second says that the first counts.
  const two: GivenOrder[] = [
    { power: 'FRANCE', order: parseOrder(map, 'A Paris - Burgundy').value!.order },
    { power: 'FRANCE', order: parseOrder(map, 'A Paris - Picardy').value!.order },
  ];
  const messages = (settings: string[]): string[] =>
    adjudicateMovement(map, position, two, resolveRules('datc', settings).value).value!.orders.map((o) =>
      o.reason.code === 'illegal' ? `${o.reason.rule}: ${o.message}` : o.resolution,
    );
  assert.deepEqual(messages(['4.D.3=b']), [
    'duplicate-order: illegal: the unit has several different orders; the last one counts (4.D.3 b)',
    'succeeds',
  ]);
  assert.deepEqual(messages(['4.D.3=c']), [
    'duplicate-order: illegal: the unit has several different orders; all are void (4.D.3 c)',
    'duplicate-order: illegal: the unit has several different orders; all are void (4.D.3 c)',
  ]);
  const first = adjudicateMovement(map, position, two).value!;
  assert.equal(
    first.orders[1]!.message,
    'illegal: the unit has several different orders; the first one counts (4.D.3 a)',
  );
});

void test('an order given by an unknown power is illegal and the unit holds', () => {
  const map = standardMap();
  const position = prepareMovementCase(
    makeCase('unknown power', 'movement', [['France', 'A Paris']], [['France', 'A Paris Holds', 'stands']]),
  ).position;
  const move = parseOrder(map, 'A Paris - Burgundy').value!.order;
  const result = adjudicateMovement(map, position, [{ power: 'ATLANTIS', order: move }]).value!;
  const [outcome] = result.orders;
  assert.equal(outcome!.resolution, 'illegal');
  assert.deepEqual(outcome!.reason, {
    code: 'illegal',
    rule: 'unknown-power',
    message: 'unknown power ATLANTIS',
  });
  assert.deepEqual(result.position.units, [{ power: 'FRANCE', type: 'A', location: 'PAR' }]);
});

void test('4.D.4 a/c and 4.D.5 a/c: too many builds, two builds in one province', () => {
  const owns: [string, string][] = [
    ['Germany', 'SC Kiel'],
    ['Germany', 'SC Munich'],
    ['Germany', 'SC Berlin'],
    ['Germany', 'A Prussia'],
    ['Germany', 'A Silesia'],
  ];
  const builds = (a: string, b: string, c: string): DatcCase =>
    makeCase('4.D.4', 'adjustment', owns, [
      ['Germany', 'Build A Berlin', a],
      ['Germany', 'Build A Kiel', b],
      ['Germany', 'Build A Munich', c],
    ]);
  check(builds('succeeds', 'illegal', 'illegal'), []);
  check(builds('illegal', 'illegal', 'illegal'), ['4.D.4=a']);
  check(builds('illegal', 'illegal', 'succeeds'), ['4.D.4=c']);
  const twice = (a: string, b: string): DatcCase =>
    makeCase(
      '4.D.5',
      'adjustment',
      [
        ['Germany', 'SC Kiel'],
        ['Germany', 'SC Berlin'],
      ],
      [
        ['Germany', 'Build A Kiel', a],
        ['Germany', 'Build F Kiel', b],
      ],
    );
  check(twice('succeeds', 'illegal'), []);
  check(twice('illegal', 'illegal'), ['4.D.5=a']);
  check(twice('illegal', 'succeeds'), ['4.D.5=c']);
});

void test('4.D.6 a/c: too many disbands', () => {
  const owns: [string, string][] = [
    ['France', 'SC Paris'],
    ['France', 'A Paris'],
    ['France', 'A Picardy'],
    ['France', 'F Brest'],
  ];
  const c = (a: string, b: string): DatcCase =>
    makeCase('4.D.6', 'adjustment', owns, [
      ['France', 'Disband A Picardy', a],
      ['France', 'Disband A Paris', b],
    ]);
  // Two disbands are due (1 centre, 3 units): exactly right, nothing changes with the rule.
  check(c('succeeds', 'succeeds'), ['4.D.6=a']);
  const three = (a: string, b: string, f: string): DatcCase =>
    makeCase('4.D.6', 'adjustment', owns.slice(0, 3), [
      ['France', 'Disband A Picardy', a],
      ['France', 'Disband A Paris', b],
      ['France', 'Disband F Brest', f],
    ]);
  check(three('succeeds', 'illegal', 'illegal'), []);
  check(three('illegal', 'succeeds', 'illegal'), ['4.D.6=c']);
  // With civil disorder choosing, the farthest unit goes: Picardy (distance 1) before Paris (0).
  check(three('illegal', 'illegal', 'illegal'), ['4.D.6=a'], ['FRANCE A PIC']);
});

void test('4.D.7 b: builds may not be declined', () => {
  const c = (result: string): DatcCase =>
    makeCase('4.D.7', 'adjustment', [['France', 'SC Paris']], [['France', 'Waive', result]]);
  check(c('succeeds'), []);
  check(c('illegal'), ['4.D.7=b']);
});

void test('4.D.8 a/b: civil disorder counted to home centres', () => {
  // 6.J.12: under the 2023 rule Tuscany goes (Warsaw is owned); counted to home centres, Warsaw goes.
  const c = makeCase(
    '4.D.8',
    'adjustment',
    [
      ['Italy', 'SC Warsaw'],
      ['Italy', 'A Warsaw'],
      ['Italy', 'A Tuscany'],
    ],
    [],
  );
  check(c, [], ['ITALY A TUS']);
  check(c, ['4.D.8=a'], ['ITALY A WAR']);
  check(c, ['4.D.8=b'], ['ITALY A WAR']);
  // 1971: a fleet counts fleet moves only. Austrian F Black Sea: 2 steps over Rumania to Budapest, but 5 fleet
  // moves to Trieste; A Livonia is 3 steps from Budapest (Warsaw, Galicia) either way.
  const d = makeCase(
    '4.D.8',
    'adjustment',
    [
      ['Austria', 'SC Vienna'],
      ['Austria', 'SC Budapest'],
      ['Austria', 'F Black Sea'],
      ['Austria', 'A Livonia'],
      ['Austria', 'A Bohemia'],
    ],
    [],
  );
  check(d, [], ['AUSTRIA A LVN']);
  check(d, ['4.D.8=b'], ['AUSTRIA A LVN']);
  check(d, ['4.D.8=a'], ['AUSTRIA F BLA']);
});

void test('4.D.9 a: hold support for a power in civil disorder fails', () => {
  // Austria gives no orders at all.
  const c = (support: string, attack: string): DatcCase =>
    makeCase(
      '4.D.9',
      'movement',
      [['Austria', 'A Vienna']],
      [
        ['Germany', 'A Bohemia Supports A Vienna', support],
        ['Russia', 'A Galicia - Vienna', attack],
        ['Russia', 'A Budapest Supports A Galicia - Vienna', 'given'],
      ],
    );
  check(c('given', 'fails'), []);
  check(c('invalid', 'succeeds'), ['4.D.9=a']);
});

void test('4.E.1 a/b: an impossible move is still a move and cannot be supported in place', () => {
  // 6.D.28 position.
  const c = (rumania: string, support: string, blackSea: string): DatcCase =>
    makeCase(
      '4.E.1',
      'movement',
      [],
      [
        ['Austria', 'A Budapest Supports F Rumania', support],
        ['Russia', 'F Rumania - Holland', rumania],
        ['Turkey', 'F Black Sea - Rumania', blackSea],
        ['Turkey', 'A Bulgaria Supports F Black Sea - Rumania', 'given'],
      ],
    );
  check(c('illegal', 'given', 'fails'), []);
  check(c('fails, dislodged', 'invalid', 'succeeds'), ['4.E.1=b']);
  check(c('fails, dislodged', 'invalid', 'succeeds'), ['4.E.1=a']);
});

void test('4.E.1 c: orders possible on the map are legal even without the fleets for them', () => {
  // 6.D.32: A Yorkshire - Holland with no fleet in the North Sea.
  const c = (york: string, support: string, liverpool: string): DatcCase =>
    makeCase(
      '4.E.1',
      'movement',
      [],
      [
        ['England', 'F Edinburgh Supports A Liverpool - Yorkshire', 'given'],
        ['England', 'A Liverpool - Yorkshire', liverpool],
        ['France', 'F London Supports A Yorkshire', support],
        ['Germany', 'A Yorkshire - Holland', york],
      ],
    );
  check(c('illegal', 'given', 'fails'), []);
  check(c('invalid, dislodged', 'invalid', 'succeeds'), ['4.E.1=c']);
});

void test('4.E.3 a: implicit orders', () => {
  // Kiel has no order; the German support implies A Kiel - Holland.
  const c = (support: string, belgium: string): DatcCase =>
    makeCase(
      '4.E.3',
      'movement',
      [['Germany', 'A Kiel']],
      [
        ['Germany', 'A Ruhr Supports A Kiel - Holland', support],
        ['England', 'A Belgium - Holland', belgium],
      ],
    );
  check(c('given', 'fails'), ['4.E.3=a']);
  check(c('invalid', 'succeeds'), []);
});

void test('a game records its rule options, and its JSON keeps and checks them', async () => {
  const { standardMap } = await import('../src/map/compile.js');
  const { newGame, gameRules } = await import('../src/game/game.js');
  const { writeGameJson, readGameJson } = await import('../src/formats/game-json.js');
  const map = standardMap();
  const game = newGame(map, { rules: ['4.A.2=all-hold', '4.D.8=rule-1971'] });
  const back = readGameJson(writeGameJson(game));
  assert.deepEqual(back.value?.options.rules, ['4.A.2=all-hold', '4.D.8=rule-1971']);
  assert.equal(gameRules(back.value.options).convoyParadox, 'all-hold');
  assert.equal(gameRules(newGame(map).options).convoyParadox, 'szykman');
  const broken = writeGameJson(game).replace('4.A.2=all-hold', '4.A.2=nonsense');
  assert.ok(readGameJson(broken).issues.some((i) => i.message.includes('options.rules')));
});
