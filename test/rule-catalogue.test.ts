/**
 * The catalogue of rule choices that `dipkit rules` prints and `--rule` reads (src/adjudication/rules.ts), checked
 * against the DATC v3.2 document itself (test/data/source/DATC_v3_2.html): every issue is one of the document's
 * chapter 4 issues, the choices carry the document's letters where it letters them (and are marked "ours" exactly
 * where it does not), and every issue, choice and preset has its own words for the reader; and each preset against
 * the evidence for its choices (test/data/preset-choices.json).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_FLOW,
  PRESETS,
  RULE_ISSUES,
  UNRETREATABLE_CHOICES,
  describeRules,
  presetFlow,
  resolveRules,
} from '../src/adjudication/rules.js';
import { readDataFile } from './datc-harness.js';

const html = readDataFile('source/DATC_v3_2.html');

/** The document's text of issue `id`, from its heading to the next heading of a section or issue. */
function issueSection(id: string): string | undefined {
  const start = html.indexOf(`<h4 id="${id}">`);
  if (start < 0) return undefined;
  const rest = html.slice(start + 1);
  const end = rest.search(/<h[1-4][ >]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * The letters the document gives the interpretations of an issue: the items of its lettered lists
 * (`<ol type="a" start="N">`), which may be split by discussion between them; items of lists inside an item are
 * not interpretations.
 */
function documentLetters(section: string): string[] {
  const letters: string[] = [];
  const lists: { lettered: boolean; next: number; depth: number }[] = [];
  let itemDepth = 0;
  for (const tag of section.matchAll(/<(\/?)(ol|li)\b([^>]*)>/g)) {
    const [, closing, name, attributes] = tag;
    if (name === 'ol' && !closing) {
      const start = /start="(\d+)"/.exec(attributes!);
      lists.push({
        lettered: /type="a"/.test(attributes!),
        next: start ? Number(start[1]) : 1,
        depth: itemDepth,
      });
    } else if (name === 'ol') {
      lists.pop();
    } else if (!closing) {
      const list = lists.at(-1);
      if (list && list.lettered && list.depth === 0) letters.push(String.fromCharCode(96 + list.next));
      if (list) list.next++;
      itemDepth++;
    } else {
      itemDepth--;
    }
  }
  return letters;
}

/**
 * The document's issue an entry belongs to: its own id, or for a question of our own within an issue
 * ("4.A.2-fallback": what the 1971 and 2000 paradox rules fall back on) the issue it is part of.
 */
const documentIssue = (id: string): string => id.replace(/-[a-z]+$/, '');

void test('every rule issue is a chapter 4 issue of DATC v3.2, in the document order', () => {
  let last = -1;
  for (const issue of RULE_ISSUES) {
    const at = html.indexOf(`<h4 id="${documentIssue(issue.id)}">`);
    assert.ok(at >= 0, `${issue.id} is not an issue of the document`);
    assert.match(issue.id, /^4\.[A-E]\.\d+(-fallback)?$/);
    assert.ok(at >= last, `${issue.id} comes after the issue before it in the document`);
    last = at;
  }
});

void test("choices carry the document's letters, and are marked ours exactly where it gives none", () => {
  for (const issue of RULE_ISSUES) {
    // A question of our own within an issue has no interpretations in the document: all its letters are ours.
    const letters = issue.id === documentIssue(issue.id) ? documentLetters(issueSection(issue.id)!) : [];
    const all = issue.choices.map((c) => c.letter).join('');
    assert.equal(all, 'abcdefghij'.slice(0, issue.choices.length), `${issue.id}: letters in order`);
    const lettered = issue.choices.filter((c) => c.ourLetter !== true).map((c) => c.letter);
    assert.deepEqual(lettered, letters, `${issue.id}: the choices lettered by the document`);
    for (const choice of issue.choices) {
      // The flag is present only where it is true, so that the JSON of `dipkit rules --json` says it only there.
      assert.equal('ourLetter' in choice, choice.ourLetter === true, `${issue.id} ${choice.letter}`);
      if (choice.ourLetter) {
        assert.ok(
          !letters.includes(choice.letter),
          `${issue.id} ${choice.letter}: the document's own letter`,
        );
      }
    }
  }
});

void test('every issue, choice and preset is described in words of its own', () => {
  const titles = RULE_ISSUES.map((i) => i.title);
  assert.equal(new Set(titles).size, titles.length, 'issue titles are distinct');
  for (const issue of RULE_ISSUES) {
    assert.match(issue.title, /^[A-Z]\S* \S/, `${issue.id} title`);
    const descriptions = issue.choices.map((c) => c.description);
    assert.equal(new Set(descriptions).size, descriptions.length, `${issue.id}: choices described apart`);
    for (const choice of issue.choices) {
      assert.match(choice.description, /^\S+ \S/, `${issue.id} ${choice.letter}: described in words`);
      assert.match(choice.name, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${issue.id} ${choice.letter}: name`);
    }
  }
  const presets = Object.values(PRESETS).map((p) => p.description);
  assert.equal(new Set(presets).size, presets.length, 'presets described apart');
  for (const [name, preset] of Object.entries(PRESETS)) {
    assert.match(preset.description, /^\S+ \S/, `preset ${name}`);
  }
});

interface PresetEvidence {
  choices: { setting: string; evidence: string }[];
  flow?: { unretreatable: string };
  flowEvidence?: string;
}

void test('each preset makes exactly the choices its evidence gives, and keeps its game flow', () => {
  const data = JSON.parse(readDataFile('preset-choices.json')) as { presets: Record<string, PresetEvidence> };
  assert.deepEqual(
    Object.keys(data.presets).sort(),
    Object.keys(PRESETS).sort(),
    'every preset has evidence',
  );
  for (const [name, expected] of Object.entries(data.presets)) {
    const resolved = resolveRules(name);
    assert.deepEqual(resolved.issues, [], name);
    // The settings by letter as the evidence cites them, by name as describeRules writes them.
    const byName = expected.choices.map(({ setting, evidence }) => {
      assert.ok(evidence.length > 0, `${name} ${setting}: evidence`);
      const [id, letter] = setting.split('=');
      const issue = RULE_ISSUES.find((i) => i.id === id);
      const choice = issue?.choices.find((c) => c.letter === letter);
      assert.ok(choice, `${name}: ${setting} is a choice`);
      return `${id}=${choice.name}`;
    });
    assert.deepEqual(describeRules(resolved.value!), byName, `${name}: its choices`);
    assert.deepEqual(presetFlow(name), expected.flow ?? DEFAULT_FLOW, `${name}: its game flow`);
    // The preset states the flow its evidence gives (`dipkit rules` lists it), also where it is the default one.
    assert.deepEqual(PRESETS[name]!.flow, expected.flow, `${name}: the flow it states`);
    assert.equal(expected.flow === undefined, expected.flowEvidence === undefined, `${name}: flow evidence`);
  }
});

void test('the game flow choices: the default first, every preset flow one of them', () => {
  assert.equal(UNRETREATABLE_CHOICES[0], DEFAULT_FLOW.unretreatable);
  assert.equal(new Set(UNRETREATABLE_CHOICES).size, UNRETREATABLE_CHOICES.length);
  for (const name of Object.keys(PRESETS)) {
    assert.ok(UNRETREATABLE_CHOICES.includes(presetFlow(name).unretreatable), name);
  }
  assert.ok(
    Object.keys(PRESETS).some((name) => presetFlow(name).unretreatable !== DEFAULT_FLOW.unretreatable),
    'some preset keeps the other convention',
  );
});
