/**
 * `npm run haplomacy-report`: runs every DATC v3.2 movement case (test/data/datc-v3.2.json, errata applied, as
 * test/datc-harness.ts prepares them) through the Haplomacy resolver (src/adjudication/haplomacy/) and writes
 * docs/haplomacy-vs-datc.md: counts per section, then every case it gets wrong with the orders, the DATC's
 * resolution and Haplomacy's, the disputes Haplomacy handled, and why they differ.
 *
 * The explanations below were written by looking at each failure. A failing case without an explanation (or an
 * explanation for a case that passes) is reported in the document and fails test/haplomacy.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { datcWords, loadDatcCases, prepareMovementCase, type DatcCase } from '../test/datc-harness.js';
import { adjudicateHaplomacy, type HaplomacyVariant } from '../src/adjudication/haplomacy/adjudicate.js';
import { adjudicateRetreats } from '../src/adjudication/retreat.js';
import { standardMap } from '../src/map/compile.js';

export const REPORT_PATH = new URL('../../docs/haplomacy-vs-datc.md', import.meta.url);

/** One order (or retreat order) of a case: the DATC's word and Haplomacy's. */
export interface ComparedOrder {
  power: string;
  text: string;
  retreat: boolean;
  datc: string;
  haplomacy: string;
  agree: boolean;
}

export interface ComparedCase {
  id: string;
  section: string;
  title: string;
  pass: boolean;
  orders: ComparedOrder[];
  /** The disputes in the order Haplomacy handled them. */
  trace: string[];
}

const map = standardMap();

/** Runs one DATC movement case (and its retreats) through the Haplomacy resolver. */
export function compareCase(c: DatcCase, variant: HaplomacyVariant = {}): ComparedCase {
  const prepared = prepareMovementCase(c);
  const result = adjudicateHaplomacy(map, prepared.position, prepared.orders, undefined, variant);
  if (!result.value) throw new Error(`${c.id}: ${result.issues.map((i) => i.message).join('; ')}`);
  const words = result.value.orders.map(datcWords);
  const orders: ComparedOrder[] = c.orders.map((line, i) => ({
    power: line.power,
    text: line.text,
    retreat: false,
    datc: prepared.expected[i]!,
    haplomacy: words[i]!,
    agree: prepared.expected[i] === words[i],
  }));
  if (prepared.retreats) {
    const retreat = adjudicateRetreats(map, result.value.position, prepared.retreats.orders);
    if (!retreat.value) throw new Error(`${c.id}: ${retreat.issues.map((i) => i.message).join('; ')}`);
    const retreatWords = retreat.value.orders.map(datcWords);
    c.retreats.forEach((line, i) =>
      orders.push({
        power: line.power,
        text: line.text,
        retreat: true,
        datc: prepared.retreats!.expected[i]!,
        haplomacy: retreatWords[i]!,
        agree: prepared.retreats!.expected[i] === retreatWords[i],
      }),
    );
  }
  return {
    id: c.id,
    section: c.section,
    title: c.title,
    pass: orders.every((o) => o.agree),
    orders,
    trace: result.value.trace,
  };
}

/** Every DATC v3.2 movement case, compared. */
export function compareAll(variant: HaplomacyVariant = {}): ComparedCase[] {
  return loadDatcCases()
    .filter((c) => c.phase === 'movement')
    .map((c) => compareCase(c, variant));
}

interface FailureClass {
  key: string;
  title: string;
  /** Which step of the algorithm. */
  step: string;
  text: string;
}

const CLASSES: FailureClass[] = [
  {
    key: 'rule-12',
    title: 'Rule 12 turns a win into a draw for the whole dispute',
    step: 'step 3 (b), case 1',
    text:
      "Case 1 of handling a dispute makes it a draw when the winning army's leader belongs to the power of the " +
      'defender, or when that power supports the winning army. Two things go wrong. The check is made against ' +
      'whatever unit still stands in the province when the dispute comes up, even one that is about to leave; ' +
      "and a single supporting unit of the defender's power spoils the whole attack. The DATC (5.B, attack " +
      "strength) only leaves supports of the defender's power out of the count, and only against a unit that " +
      'actually stays.',
  },
  {
    key: 'cancelled-loser',
    title: 'A cancelled move no longer prevents anything',
    step: 'step 3 (b), draw steps 3 and 4',
    text:
      'Once a dispute is handled, every other unit in it has its orders cancelled: it holds, and so stops ' +
      'targeting any province. A unit that loses a head-to-head battle without being dislodged is cancelled ' +
      'this way in one dispute, and no longer takes part in the dispute over the province it attacked. In the ' +
      'DATC such a unit still has its prevent strength there (6.E.4: "non-dislodged loser still has effect") ' +
      'and can stop a third unit from moving in.',
  },
  {
    key: 'convoy-swap',
    title: 'A swap by convoy is handled as a head-to-head battle',
    step: 'step 3 (b), case 2 (rule 11) and draw step 3',
    text:
      'The algorithm knows only the defender "moving into the location of the winning army leader": rule 11 ' +
      'cancels its orders, and in a draw step 3 cancels a defender moving into the province the largest army ' +
      'came from. It does not ask how the units travel. In the DATC two units that exchange places with at ' +
      'least one of them going by convoy do not meet: both may succeed, and a dislodged unit whose move goes ' +
      "by convoy into its attacker's province still stands off other units there (4.A.7, 6.G).",
  },
  {
    key: 'convoy-disruption',
    title: 'A convoy is settled in step 1 and can no longer be disrupted',
    step: 'step 1',
    text:
      'The algorithm has no step for convoys. Here they are checked once, as part of "cancel all invalid ' +
      'orders": a convoyed move is valid when a chain of fleets ordered to convoy it exists. Dislodging one of ' +
      'those fleets later changes nothing, so the army still arrives, cuts support (step 2), bounces other ' +
      'units and dislodges defenders. In the DATC a convoy whose fleet is dislodged is disrupted (5.B, the ' +
      'PATH decision): the army stays where it is and has no effect anywhere.',
  },
  {
    key: 'convoy-paradox',
    title: 'Convoyed attacks always cut support, so convoy paradoxes never arise',
    step: 'step 2',
    text:
      'Step 2 cuts supports before any dispute is handled, and a convoyed army counts as an attacker because ' +
      "its convoy was accepted in step 1. The DATC's convoy paradoxes are exactly the positions where the " +
      "army's attack cuts the support that decides whether its convoy is disrupted (DATC 4.A.2, 5.B). The " +
      'procedural algorithm never looks back at that question; it always answers it the same way: the army cuts ' +
      'the support, the attack on the convoying fleet fails or succeeds on what is left, and the convoy stands. ' +
      "The DATC's preference, the Szykman rule, settles each paradox the other way round: the convoy is " +
      'disrupted, so the army neither moves nor cuts support.',
  },
];

/** Why each failing case fails, by class. Written after looking at each failure (see the document). */
const WHY: Record<string, { class: string; why: string }> = {
  '6.C.1': {
    class: 'rule-12',
    why:
      'All three disputes are alike, so the arbitrary choice takes Ankara first, where the Turkish F Ankara ' +
      'still stands: rule 12 makes it a draw against a unit about to leave, A Smyrna is cancelled, and the two ' +
      'remaining disputes are draws against units that now hold. The DATC moves all three units.',
  },
  '6.D.14': {
    class: 'rule-12',
    why:
      'A Venice leads the only army (of 4) in the dispute over Trieste, but one of its supporters is the ' +
      "Austrian A Vienna, of the defender's power, so rule 12 makes the dispute a draw. The DATC leaves only " +
      'the Austrian support out: 3 against 1 still dislodges F Trieste.',
  },
  '6.E.11': {
    class: 'rule-12',
    why: "F Portugal (3) leads the largest army in the dispute over Spain, but the French F Gulf of Lyon supports it while the French A Spain still stands there (it is about to leave by convoy), so rule 12 makes a draw, and step 3 of the draw cancels A Spain's move into F Portugal's province too. The DATC leaves the French support out only of an attack on a French unit that stays; A Spain leaves by convoy, F Portugal (3) beats A Gascony (2), and both moves succeed.",
  },
  '6.E.4': {
    class: 'cancelled-loser',
    why:
      'F Holland (3) and F Norwegian Sea (3) draw over the North Sea; step 3 of the draw cancels the defender F ' +
      'North Sea, which was moving into Holland. In the next dispute A Ruhr (2) meets only the holding F ' +
      'Holland (1) and dislodges it. In the DATC F North Sea is not dislodged, so its prevent strength of 2 in ' +
      'Holland stops A Ruhr.',
  },
  '6.E.6': {
    class: 'cancelled-loser',
    why:
      "F Holland's army of 3 includes the French F English Channel, so rule 12 makes the dispute over the " +
      "North Sea a draw against the French F North Sea, and step 3 of the draw cancels F North Sea's move into " +
      "Holland. A Ruhr (2) then dislodges the holding F Holland (1); in the DATC F North Sea's attack of 2 on " +
      'Holland still stops A Ruhr.',
  },
  '6.E.15': {
    class: 'cancelled-loser',
    why: "A Kiel (3) and the defender A Berlin moving to Kiel (3) draw over Berlin; step 3 of the draw cancels A Berlin and step 4 A Kiel. A Berlin then no longer contests Kiel, and A Ruhr (2) dislodges the holding A Kiel (1). In the DATC neither army of 3 is dislodged, and A Berlin's prevent strength of 3 in Kiel stops A Ruhr. With the arbitrary choice made the other way, the dispute over Kiel comes first, A Kiel's move is cancelled there, and A Prussia (2) takes Berlin instead: wrong as well.",
  },
  '6.C.6': {
    class: 'convoy-swap',
    why: "A London and A Belgium exchange places, both by convoy. In the dispute over Belgium the defender A Belgium moves into A London's province, so the two armies of 1 draw and the draw cancels both (steps 3 and 4). The DATC lets the two armies swap.",
  },
  '6.G.1': {
    class: 'convoy-swap',
    why:
      'A Norway goes to Sweden by convoy while A Sweden walks to Norway; the algorithm sees a defender moving ' +
      "into the attacker's province, the armies of 1 draw, and both moves are cancelled. The DATC swaps them.",
  },
  '6.G.5': {
    class: 'convoy-swap',
    why: 'A Apulia goes to Rome by convoy (its own F Ionian Sea orders one), A Rome walks to Apulia; as in 6.G.1 the two armies of 1 draw as if they met head-on, and both moves are cancelled. The DATC swaps them.',
  },
  '6.G.6': {
    class: 'convoy-swap',
    why: 'A Liverpool goes to Edinburgh by convoy (its own F English Channel orders one; Russian fleets carry it), A Edinburgh walks to Liverpool; the armies of 1 draw as in a head-to-head battle and both are cancelled. The DATC swaps them.',
  },
  '6.G.12': {
    class: 'convoy-swap',
    why:
      "Both armies go by convoy, each into the other's province; the dispute over Edinburgh is a draw between " +
      'armies of 1 and both moves are cancelled. The DATC swaps them.',
  },
  '6.G.9': {
    class: 'convoy-swap',
    why:
      "A Norway (2, by convoy) wins Sweden; the defender A Sweden moves into Norway, the winner's province, so " +
      'rule 11 cancels it and it is dislodged. In the DATC the convoy means there is no head-to-head battle: ' +
      'both armies succeed.',
  },
  '6.G.10': {
    class: 'convoy-swap',
    why:
      "A Norway (3, by convoy) wins Sweden first as the largest army; rule 11 cancels the dislodged A Sweden's " +
      'move into Norway, so F Norwegian Sea takes the vacant Norway alone. In the DATC the attack came by ' +
      'convoy, so the dislodged A Sweden (2) still stands off F Norwegian Sea (2) there.',
  },
  '6.G.14': {
    class: 'convoy-swap',
    why:
      "As 6.G.10 with the convoy the other way round: A Norway (3) wins Sweden, rule 11 cancels A Sweden's " +
      'convoyed move into Norway, and F Norwegian Sea moves in unopposed. In the DATC the dislodged A Sweden (2) ' +
      'still bounces F Norwegian Sea (2).',
  },
  '6.G.15': {
    class: 'convoy-swap',
    why:
      "A London (2, by convoy) wins Belgium; rule 11 cancels the dislodged A Belgium's convoyed move into " +
      'London, so A Yorkshire takes the vacant London alone. In the DATC A Belgium, dislodged by a convoyed ' +
      'attack, still bounces A Yorkshire.',
  },
  '6.G.16': {
    class: 'convoy-swap',
    why:
      "A Norway (3) wins Sweden first as the largest army; A Sweden's convoyed move into Norway is cancelled by " +
      'rule 11 and A Sweden is dislodged, so F North Sea takes Norway. In the DATC the two moves are not a ' +
      'head-to-head battle: both armies succeed, and A Sweden (2) beats F North Sea (1) for Norway.',
  },
  '6.G.17': {
    class: 'convoy-swap',
    why:
      'As 6.G.16 with the convoy on the other side: A Norway (3, by convoy) wins Sweden, rule 11 cancels and ' +
      'dislodges A Sweden, and F North Sea takes Norway. In the DATC both armies succeed.',
  },
  '6.G.18': {
    class: 'convoy-swap',
    why:
      "A London (3, by convoy) wins Belgium; rule 11 cancels the dislodged A Belgium's convoyed move into " +
      'London, and A Yorkshire takes London. In the DATC both convoyed armies succeed: A Belgium (2) beats A ' +
      'Yorkshire (1) for London.',
  },
  '6.C.5': {
    class: 'convoy-disruption',
    why:
      "F Naples dislodges the convoying F Ionian Sea, but A Bulgaria's move was accepted in step 1, so the " +
      'circle closes: A Serbia wins Bulgaria (A Bulgaria is dislodged, its move left for later by rule 10), then ' +
      'A Trieste and A Bulgaria move into the vacated provinces. In the DATC the convoy is disrupted and the ' +
      'whole circle fails.',
  },
  '6.F.6': {
    class: 'convoy-disruption',
    why:
      "A London's convoyed attack cuts A Holland's support of A Belgium in step 2, although its convoy is " +
      'later dislodged, so A Picardy (2) dislodges A Belgium (1). In the DATC the disrupted army cuts nothing ' +
      'and A Picardy bounces.',
  },
  '6.F.7': {
    class: 'convoy-disruption',
    why:
      'A London, whose convoying fleet is dislodged, is the only army targeting the vacant Holland and moves ' +
      'there first (footnote 7), so the dislodged F North Sea cannot retreat there. In the DATC the army does ' +
      'not arrive, Holland stays empty and the retreat succeeds.',
  },
  '6.F.8': {
    class: 'convoy-disruption',
    why:
      "A London's army still targets Holland although its convoy is dislodged, so the dispute over Holland is a " +
      'draw with A Belgium. In the DATC the disrupted army cannot bounce A Belgium, which moves.',
  },
  '6.F.30': {
    class: 'convoy-disruption',
    why:
      'A London (2) wins Belgium; F Belgium is dislodged, its move left for later (rule 10), and then dislodges ' +
      'the convoying F English Channel, but the convoy was settled in step 1 and A London stays in Belgium. In ' +
      'the DATC the convoy is disrupted, A London fails, and F Belgium is not dislodged.',
  },
  '6.G.20': {
    class: 'convoy-disruption',
    why:
      'A Picardy goes "via convoy"; the convoy was accepted in step 1, so it wins the vacant Belgium although F ' +
      'Brest dislodges the convoying fleet. In the DATC the convoy is disrupted and the army stays.',
  },
  '6.F.14': {
    class: 'convoy-paradox',
    why:
      "A Brest's convoyed attack cuts F London's support in step 2, so F Wales (1) only draws with F English " +
      'Channel and the convoy survives. The DATC (Szykman) lets the support stand, so F Wales dislodges the ' +
      'convoying fleet and the convoy is disrupted.',
  },
  '6.F.15': {
    class: 'convoy-paradox',
    why:
      'As 6.F.14, and F Wales, which failed, still stands in Wales, so the Italian A North Africa only draws ' +
      'there instead of moving into the province F Wales left in the DATC.',
  },
  '6.F.16': {
    class: 'convoy-paradox',
    why:
      "Step 2 cuts F London's support, so F Belgium (2) beats F Wales (1) for the English Channel and dislodges " +
      'the convoying fleet. In the DATC (Szykman) the convoy is disrupted without cutting the support, so F ' +
      'Wales (2) and F Belgium (2) bounce and the fleet stays.',
  },
  '6.F.17': {
    class: 'convoy-paradox',
    why:
      'As 6.F.16, and the convoy settled in step 1 then carries A Brest (2, with F Yorkshire) into London, ' +
      'dislodging F London. In the DATC the convoy is disrupted and neither attack succeeds.',
  },
  '6.F.18': {
    class: 'convoy-paradox',
    why:
      "A London (2) cuts F Belgium's support of F North Sea in step 2 and dislodges F Belgium; F Skagerrak (2) " +
      'then dislodges the convoying F North Sea. Both succeed, which is the betrayal paradox; the DATC (Szykman) ' +
      'disrupts the convoy, so A London fails, the support stands and F Skagerrak fails.',
  },
  '6.F.22': {
    class: 'convoy-paradox',
    why:
      "Both convoyed armies cut a support in step 2 (A Brest F London's, A Norway F Belgium's), so the fleet " +
      'attacks on the North Sea and the English Channel only draw. The DATC (Szykman) disrupts both convoys, so ' +
      'the supports stand and both fleets move.',
  },
  '6.F.23': {
    class: 'convoy-paradox',
    why:
      'The armies cut both supports in step 2, so the attacks of F Edinburgh (2) and F Mid-Atlantic Ocean (2) on ' +
      'the convoying fleets, which now hold with 1, succeed. The DATC (Szykman) disrupts both convoys without ' +
      'cutting, so the supports stand and both attacks bounce.',
  },
  '6.F.24': {
    class: 'convoy-paradox',
    why:
      'The armies cut both supports in step 2, so F Irish Sea (2) dislodges F English Channel while F Edinburgh ' +
      '(1) only draws with F North Sea. The DATC (Szykman) disrupts both convoys: the supports stand, so F ' +
      'Edinburgh succeeds and F Irish Sea bounces.',
  },
  '6.F.26': {
    class: 'convoy-paradox',
    why:
      "A Brest's convoyed attack cuts F London's support in step 2, so F Wales only draws with F English " +
      'Channel and stays in Wales, where the Russian A Clyde then only draws. The DATC (Szykman) disrupts the ' +
      'convoy: F Wales moves to the English Channel and A Clyde into Wales.',
  },
  '6.F.27': {
    class: 'convoy-paradox',
    why:
      "Two paradoxes, each resolved the procedural way: in the first A London cuts F Belgium's support and " +
      "both A London and F Skagerrak succeed (as 6.F.18); in the second A Tunis cuts F Greece's support, so F " +
      'Aegean Sea only draws with F Ionian Sea (as 6.F.14). The DATC settles both by the Szykman rule.',
  },
  '6.F.28': {
    class: 'convoy-paradox',
    why:
      'All six convoyed armies cut the supports in step 2, so every fleet attack on a convoying fleet is a draw ' +
      'of 1 against 1. The DATC (Szykman) disrupts all six convoys, so the supports stand and every fleet attack ' +
      'succeeds.',
  },
  '6.G.11': {
    class: 'convoy-paradox',
    why:
      "A Sweden goes by convoy (its own F Skagerrak) and cuts F Norway's support in step 2, then dislodges F " +
      'Norway (2 against 1), while F North Sea only draws with F Skagerrak. The DATC settles the paradox by ' +
      'disrupting the convoy: the support stands, F North Sea dislodges F Skagerrak and A Sweden fails.',
  },
};

/** Cases that fail without an explanation, and explanations of cases that do not fail. */
export function explanationProblems(cases: readonly ComparedCase[]): string[] {
  const problems: string[] = [];
  const failing = new Set(cases.filter((c) => !c.pass).map((c) => c.id));
  for (const id of failing) if (!WHY[id]) problems.push(`${id} fails without an explanation`);
  for (const id of Object.keys(WHY))
    if (!failing.has(id)) problems.push(`${id} is explained but does not fail`);
  for (const [id, w] of Object.entries(WHY))
    if (!CLASSES.some((k) => k.key === w.class)) problems.push(`${id}: unknown class ${w.class}`);
  return problems;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The document, from the comparison of every case and of two other readings of the algorithm. */
export function renderReport(
  cases: readonly ComparedCase[],
  literal: readonly ComparedCase[],
  reversed: readonly ComparedCase[],
): string {
  const out: string[] = [];
  const failing = cases.filter((c) => !c.pass);
  const passed = cases.length - failing.length;
  const sections = [...new Set(cases.map((c) => c.section))];
  const ids = (list: readonly ComparedCase[]): string => list.map((c) => c.id).join(', ');
  const differ = (other: readonly ComparedCase[]): ComparedCase[] =>
    other.filter(
      (o, i) => o.pass !== cases[i]!.pass || JSON.stringify(o.orders) !== JSON.stringify(cases[i]!.orders),
    );

  out.push('# The Haplomacy procedural adjudicator against the DATC');
  out.push('');
  out.push(
    '<!-- Generated by `npm run haplomacy-report` (bench/haplomacy-report.ts); do not edit by hand. ' +
      'test/haplomacy.test.ts checks that it is up to date. -->',
  );
  out.push('');
  out.push(
    'dipkit has a third movement resolver, `--resolver haplomacy` (src/adjudication/haplomacy/): the procedural ' +
      'adjudication algorithm of the Haplomacy thesis, appendix B.3.1, "The Adjudication Algorithm". It is deliberately not DATC-compliant. It ' +
      'shares the legality checks of the two DATC resolvers, so only the resolution differs. Here it runs every ' +
      `DATC v3.2 movement case (${cases.length} cases, with the retreat phase where a case has one) at the ` +
      "DATC's preferred rule choices, with test/data/datc-errata.json applied. A case passes when every order " +
      "and every retreat gets the DATC's resolution word, compared as test/datc.test.ts compares them.",
  );
  out.push('');
  const changedByLiteral = differ(literal);
  const brokenByLiteral = literal.filter((c, i) => !c.pass && cases[i]!.pass);
  const literalNote =
    changedByLiteral.length === 0
      ? 'Taking the definition literally changes no DATC case.'
      : `Taking the definition literally changes the outcome of ${changedByLiteral.length} cases ` +
        `(${ids(changedByLiteral)})` +
        (brokenByLiteral.length === 0
          ? '.'
          : `; ${ids(brokenByLiteral)}, which pass with reading A, then fail: of two units moving into each ` +
            "other's provinces with equal armies, the one whose dispute comes first wins.");
  const changedByReversal = differ(reversed);
  const reversedNote =
    changedByReversal.length === 0
      ? 'Making it the other way (the province that comes last) changes no DATC case.'
      : `Making it the other way (the province that comes last) changes the outcome of ${ids(changedByReversal)}` +
        (changedByReversal.every((c) => !c.pass && failing.some((f) => f.id === c.id))
          ? ', which fails either way, but with another wrong result: the arbitrary choice decides which units move.'
          : '.');
  const clean = sections.filter((s) => cases.every((c) => c.section !== s || c.pass));
  out.push(
    `**In brief:** ${passed} of ${cases.length} cases pass, ${failing.length} fail. The algorithm handles one ` +
      'dispute (all the armies that target a province) at a time, largest army first, and changes the board as ' +
      `it goes. That is enough for every case of ${clean.join(', ') || 'no section'} and for most others. It ` +
      'fails where the outcome of one dispute depends on a dispute handled later: above all convoys, which it ' +
      'settles before anything else, and units that lose one battle but still matter in another.',
  );
  out.push('');
  out.push('## Results per section');
  out.push('');
  out.push('| Section | Cases | Passed | Failed | Failing cases |');
  out.push('|---|---:|---:|---:|---|');
  for (const s of sections) {
    const list = cases.filter((c) => c.section === s);
    const bad = list.filter((c) => !c.pass);
    out.push(`| ${s} | ${list.length} | ${list.length - bad.length} | ${bad.length} | ${ids(bad) || '-'} |`);
  }
  out.push(`| **All** | **${cases.length}** | **${passed}** | **${failing.length}** | |`);
  out.push('');

  out.push('## How the text was read');
  out.push('');
  out.push(
    'The excerpt leaves some points open; src/adjudication/haplomacy/algorithm.ts documents the readings taken. ' +
      'In short:',
  );
  out.push('');
  out.push(
    '- **Armies.** Every unit leads an army: itself and the units that support it (to hold, or in its move). ' +
      'A supporter counts in the army it supports and also defends its own province.',
  );
  out.push(
    '- **A: who takes part in a dispute.** The text defines a dispute as the armies targeting a province, but ' +
      'its handling speaks of a defender "in standoff with the largest army" because it moves into that army\'s ' +
      'province, and it claims to reproduce the rulebook examples, where two units cannot swap places. So a ' +
      'defender that moves into the province of an army of the dispute opposes it with its own army (it never ' +
      `wins there). ${literalNote}`,
  );
  out.push(
    '- **B: rule 10.** A dislodged defender whose move is "left to be resolved later" stays on the list of ' +
      'retreats unless that move is carried out later; then it has left and is not dislodged.',
  );
  out.push(
    "- **C: rules 13 and 16.** They are not in the excerpt; step 2 applies them as the rulebook's support-cutting " +
      "rules: a move into the supporter's province cuts its support, unless it comes from the province the " +
      "support is given into, or is made by the supporter's own power.",
  );
  out.push(
    '- **D: the arbitrary choice** (footnote 11) takes the province that comes first on the map, so results ' +
      `never depend on the order of units or orders. ${reversedNote}`,
  );
  out.push(
    '- **E: the loop** runs while some dispute still has work: an army whose leader moves, or an army with ' +
      'supporters (a dispute of lone holding units changes nothing).',
  );
  out.push(
    '- **Convoys** have no step in the text. A convoyed move is valid when, in step 1, a chain of fleets ordered ' +
      'to convoy it connects its province with its destination (an army goes by convoy when it is not adjacent, ' +
      'says "via convoy", or is convoyed by a fleet of its own power, as the DATC prefers in 4.A.3); otherwise ' +
      'step 1 cancels it. The fleets then hold. A convoying fleet that is dislodged is reported "disrupted", as ' +
      'the DATC words it, although in Haplomacy that has no effect on the army.',
  );
  out.push('');

  out.push('## Classes of failure');
  out.push('');
  out.push('| Class | Step of the algorithm | Cases |');
  out.push('|---|---|---|');
  for (const k of CLASSES) {
    const list = failing.filter((c) => WHY[c.id]?.class === k.key);
    out.push(`| [${k.title}](#${anchor(k.title)}) | ${k.step} | ${list.length}: ${ids(list)} |`);
  }
  const unexplained = failing.filter((c) => !WHY[c.id]);
  if (unexplained.length > 0)
    out.push(`| Not explained yet | | ${unexplained.length}: ${ids(unexplained)} |`);
  out.push('');
  out.push(
    'Each case below shows the orders, the resolution the DATC gives and the one Haplomacy gives (✗ where they ' +
      'differ), and the disputes in the order Haplomacy handled them, with the size of each army in brackets.',
  );
  out.push('');

  const renderCase = (c: ComparedCase): void => {
    out.push(`### ${c.id} ${c.title}`);
    out.push('');
    out.push(`**Why:** ${WHY[c.id]?.why ?? 'NOT EXPLAINED: run the report and explain this failure.'}`);
    out.push('');
    out.push('| | Power | Order | DATC | Haplomacy |');
    out.push('|---|---|---|---|---|');
    for (const o of c.orders) {
      const text = o.retreat ? `retreat phase: ${o.text}` : o.text;
      out.push(`| ${o.agree ? '' : '✗'} | ${o.power} | ${cell(text)} | ${o.datc} | ${o.haplomacy} |`);
    }
    out.push('');
    out.push("Haplomacy's steps:");
    out.push('');
    c.trace.forEach((line, i) => out.push(`${i + 1}. ${cell(line)}`));
    out.push('');
  };
  for (const k of CLASSES) {
    const list = failing.filter((c) => WHY[c.id]?.class === k.key);
    if (list.length === 0) continue;
    out.push(`## ${k.title}`);
    out.push('');
    out.push(`*${k.step}.* ${k.text}`);
    out.push('');
    list.forEach(renderCase);
  }
  if (unexplained.length > 0) {
    out.push('## Not explained yet');
    out.push('');
    unexplained.forEach(renderCase);
  }

  out.push("## Why dipkit decides with the DATC's decisions");
  out.push('');
  for (const paragraph of closing(changedByReversal.map((c) => c.id))) {
    out.push(paragraph);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

const closing = (arbitrary: readonly string[]): string[] => [
  'The failures above have one thing in common. Diplomacy orders are simultaneous: whether a move succeeds can ' +
    'depend on a support, which depends on whether its unit is attacked by an army with a path, which depends on ' +
    'whether a convoying fleet is dislodged, which depends on other moves, in any direction and sometimes in a ' +
    'circle. A procedural adjudicator has to settle things in some order and change the board as it goes, so ' +
    'every question it settles early is settled before all its inputs are known. Haplomacy settles convoys ' +
    'first (step 1), support cuts second (step 2), and each dispute for good when it is handled (step 3), and ' +
    'its heuristics for the order of the disputes (the largest army first, supported defenders first, vacant ' +
    'provinces first) are patches for the dependencies its author met. The footnotes say so: rule 14 (a ' +
    'dislodged supporter gives no support) "is used in some situations ... but not that the rule is always ' +
    'applied". The DATC cases above are the dependencies the patches do not cover.',
  "The DATC (chapter 5 of Lucas B. Kruijswijk's document, since v2.4) takes the other road. Each order gives rise " +
    'to decisions (ATTACK STRENGTH, HOLD STRENGTH, PREVENT STRENGTH, DEFEND STRENGTH, MOVE, SUPPORT, DISLODGED, ' +
    'PATH), and every rule is written as a relation between decisions (5.B) with no order of evaluation in it. ' +
    'Every class of failure above is one of those relations, which the procedural algorithm evaluates once, in ' +
    'one direction:',
  '- *convoy disruption*: PATH depends on the DISLODGED decision of each fleet, which Haplomacy has not made ' +
    'when it settles the convoy in step 1;\n' +
    '- *convoy paradoxes*: SUPPORT is cut only by an attacker whose PATH succeeds, which step 2 cannot know; ' +
    'when that relation is circular the DATC finds the circle and applies an explicit backup rule (Szykman) ' +
    'instead of letting the order of evaluation decide;\n' +
    '- *a cancelled loser*: a unit that loses a head-to-head battle keeps its PREVENT STRENGTH in the province it ' +
    'attacked, while Haplomacy forgets a unit once its dispute is handled;\n' +
    "- *rule 12*: the DATC leaves the supports of the defender's power out of one ATTACK STRENGTH, against a " +
    'defender that really stays (its move failed), not out of the whole dispute against whoever stands there ' +
    'at the time;\n' +
    '- *swaps by convoy*: the DATC knows when two units meet head-on (DEFEND STRENGTH applies only then) and ' +
    'that a convoy avoids it.',
  "A solver (5.C to 5.F: dipkit's default is the partial-information algorithm of 5.E, the other DATC resolver " +
    'the guess algorithm of 5.F) then finds the values that satisfy all the relations at once. The result does ' +
    'not depend on any order of evaluation or on an arbitrary choice (footnote 11 of the thesis admits one; ' +
    (arbitrary.length === 0
      ? 'it happens to change no DATC case, but nothing guarantees that'
      : `in ${arbitrary.join(', ')} it decides which wrong result comes out`) +
    '), and the specification is small enough to ' +
    'be checked independently: dipkit enumerates the decisions of small positions and checks both DATC ' +
    'resolvers against the equations. A procedural algorithm has no specification but its own steps, so it can ' +
    'only be checked case by case, which is how the cases above were found. The procedural algorithm is ' +
    'simpler to explain and to run, and it agrees with the DATC on the common cases, but every rule it handles ' +
    'correctly needs the disputes taken in the ' +
    'right order, and no order suits every position. That is why dipkit is built on the decisions.',
];

function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

/** The whole document, as `npm run haplomacy-report` writes it. */
export function haplomacyReport(): string {
  return renderReport(
    compareAll(),
    compareAll({ literalDisputes: true }),
    compareAll({ lastArbitrary: true }),
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = haplomacyReport();
  writeFileSync(REPORT_PATH, text);
  const cases = compareAll();
  const failed = cases.filter((c) => !c.pass).length;
  process.stdout.write(
    `${fileURLToPath(REPORT_PATH)}: ${cases.length - failed} of ${cases.length} DATC movement cases pass, ${failed} fail\n`,
  );
  for (const problem of explanationProblems(cases)) process.stderr.write(`${problem}\n`);
}
