#!/usr/bin/env node
// Converts chapter 6 (the test cases) of DATC v3.2, the author's HTML, into test/data/datc-v3.2.json.
//
//   node scripts/datc-html-to-json.mjs [INPUT_HTML] [OUTPUT_JSON]
//
// Defaults (relative to the repository root): test/data/source/DATC_v3_2.html (the document, kept unchanged with
// its license note; see test/data/source/README.md) and test/data/datc-v3.2.json.
// Arguments given on the command line are relative to the current directory.
// Plain Node, no dependencies. The output is deterministic: 2-space indented JSON with a trailing newline.
// The script checks the result (case counts, ids, resolution words) and writes nothing when a check fails.
//
// The license note of the document allows the test cases of chapter 6 to be copied separately.
// The data keeps the document's own wording, irregularities included:
// results are stored as written (6.D.1 has "Given"), order texts as written (6.A.7 "A London" for a
// fleet, 6.D.35 "F Armenia" for an army), and power headings without a colon (6.C.8, 6.C.9) are read
// as headings.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const scriptDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(scriptDir, '..');
const inputPath = process.argv[2]
  ? resolve(process.argv[2])
  : resolve(repoRoot, 'test/data/source/DATC_v3_2.html');
const outputPath = process.argv[3] ? resolve(process.argv[3]) : resolve(repoRoot, 'test/data/datc-v3.2.json');

const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];
const EXPECTED_COUNTS = {
  '6.A': 12,
  '6.B': 19,
  '6.C': 9,
  '6.D': 35,
  '6.E': 15,
  '6.F': 30,
  '6.G': 20,
  '6.H': 17,
  '6.I': 7,
  '6.J': 12,
};
const EXPECTED_TOTAL = 176;
// Resolution words of DATC 4.E.2, and the tag a dislodged unit gets.
const RESULT_WORDS = [
  'succeeds',
  'fails',
  'illegal',
  'invalid',
  'given',
  'cut',
  'available',
  'disrupted',
  'stands',
  'dislodged',
  'destroyed',
];
const ORDER_WORDS = ['succeeds', 'fails', 'illegal', 'invalid', 'given', 'cut', 'available', 'disrupted'];
const KNOWN_RESULTS = new Set([
  ...RESULT_WORDS,
  ...ORDER_WORDS.flatMap((w) => [`${w}, dislodged`, `${w}, destroyed`]),
]);

const errors = [];
const warnings = [];
const irregularities = [];
const fail = (msg) => errors.push(msg);

// ---------------------------------------------------------------- text helpers

const NAMED_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s, where) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (m, body) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return String.fromCodePoint(code);
    }
    const v = NAMED_ENTITIES[body];
    if (v === undefined) {
      fail(`${where}: unknown HTML entity ${m}`);
      return m;
    }
    return v;
  });
}

const collapse = (s) => s.replace(/\s+/g, ' ').trim();

// Plain text of an HTML fragment made of paragraphs (and the odd blockquote or list):
// tags stripped, entities decoded, whitespace collapsed inside each block; blocks joined by a blank line.
function htmlToText(fragment, where) {
  const blocks = fragment
    .replace(/<br\s*\/?>/gi, ' ')
    .split(/<\/?(?:p|blockquote|ol|ul|li|div|pre)\b[^>]*>/i)
    .map((b) => collapse(decodeEntities(b.replace(/<[^>]*>/g, ''), where)))
    .filter((b) => b !== '');
  return blocks.join('\n\n');
}

// ---------------------------------------------------------------- read the document

const html = readFileSync(inputPath, 'utf8').replace(/\r\n?/g, '\n');

if (!/<td>3\.2<\/td><td>2025-August-30<\/td><td>Lucas B\. Kruijswijk<\/td>/.test(html)) {
  fail('input does not look like DATC v3.2 (2025-August-30): change-log row not found');
}
const licenseMatch = /<p>(License note:[\s\S]*?)<\/p>/.exec(html);
if (!licenseMatch) fail('license note not found');
const license = licenseMatch
  ? collapse(decodeEntities(licenseMatch[1].replace(/<[^>]*>/g, ''), 'license'))
  : '';
if (!license.includes('The test cases of chapter 6 are allowed to be copied separately')) {
  fail('license note does not allow chapter 6 to be copied separately');
}

const chapterStart = html.indexOf('<h3 id="6">');
if (chapterStart < 0) fail('chapter 6 heading <h3 id="6"> not found');
let chapterEnd = html.indexOf('</body>', chapterStart);
if (chapterEnd < 0) chapterEnd = html.length;
const chapter = chapterStart < 0 ? '' : html.slice(chapterStart, chapterEnd);

// Reads the lines of one test-case div: power headings, owns lines, orders, RETREATS, automatic disbands.
function parseOrders(id, body, phase) {
  const out = { owns: [], orders: [], retreats: [], automatic: [] };
  let power = null;
  let inRetreats = false;
  const headingRe = new RegExp(`^(${POWERS.join('|')})(:?)$`);
  const ownsRe = new RegExp(`^(${POWERS.join('|')}) owns (SC|A|F) (.+)$`);
  const automaticRe = /^<span class="resolution">\s*(Automatic disband [^<]*?)\s*<\/span>$/;
  const orderRe = /^(.*?)\s*<span class="resolution">([^<]*)<\/span>$/;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    let m;
    if (line === 'RETREATS') {
      if (inRetreats) fail(`${id}: RETREATS twice`);
      if (phase !== 'movement') fail(`${id}: RETREATS in an adjustment case`);
      inRetreats = true;
      power = null;
    } else if ((m = headingRe.exec(line))) {
      power = m[1];
      if (m[2] === '') irregularities.push(`${id}: power heading "${line}" has no colon; read as a heading`);
    } else if ((m = ownsRe.exec(line))) {
      const [, p, kind, where] = m;
      const name = decodeEntities(where, id).trim();
      out.owns.push(kind === 'SC' ? { power: p, center: name } : { power: p, unit: `${kind} ${name}` });
    } else if ((m = automaticRe.exec(line))) {
      if (power === null) fail(`${id}: "${line}" is not under a power heading`);
      out.automatic.push({ power: power ?? '', text: collapse(decodeEntities(m[1], id)) });
    } else if ((m = orderRe.exec(line))) {
      const text = collapse(decodeEntities(m[1], id));
      const result = decodeEntities(m[2], id).trim();
      if (power === null) fail(`${id}: order "${text}" is not under a power heading`);
      if (text === '') fail(`${id}: resolution "${result}" without an order`);
      if (result === '') fail(`${id}: order "${text}" has an empty result`);
      if (/<|>/.test(text)) fail(`${id}: order "${text}" still contains markup`);
      (inRetreats ? out.retreats : out.orders).push({ power: power ?? '', text, result });
    } else if (/<span class="resolution">/.test(line)) {
      fail(`${id}: unrecognised line with a resolution: ${line}`);
    } else {
      fail(`${id}: line without a result (or unrecognised): ${line}`);
    }
  }
  if (inRetreats && out.retreats.length === 0) fail(`${id}: RETREATS without retreat orders`);
  return out;
}

// Walk the chapter's section headings, case headings and test-case divs in document order.
const TOKEN_RE =
  /<h3 id="(6\.[A-Z])">([\s\S]*?)<\/h3>|<h4 id="(6\.[A-Z]\.\d+)">([\s\S]*?)<\/h4>|<div class="test-case ([^"]*)" id="([^"]*)">([\s\S]*?)<\/div>|<h3\b[^>]*>|<h4\b[^>]*>|<div\b[^>]*>/g;

const sections = [];
const cases = [];
let current = null; // case being built: its heading has been seen, its div maybe
let lastEnd = 0; // end offset of the previous token

function finishText(until) {
  // Text between the previous token and this one belongs to the current case:
  // before its div it is the description, after it the notes.
  if (!current) return;
  const text = htmlToText(chapter.slice(lastEnd, until), current.id);
  if (current.orders === undefined) current.description = text;
  else current.notes = text;
}

function closeCase() {
  if (!current) return;
  if (current.orders === undefined) {
    fail(`${current.id}: heading without a test-case div`);
  } else {
    const { id, section, title, description, notes, phase, orders } = current;
    cases.push({ id, section, title, description, notes, phase, ...orders });
  }
  current = null;
}

for (const m of chapter.matchAll(TOKEN_RE)) {
  const [whole, secId, secHeading, caseId, caseHeading, divClass, divId, divBody] = m;
  finishText(m.index);
  lastEnd = m.index + whole.length;

  if (secId !== undefined) {
    closeCase();
    const heading = collapse(decodeEntities(secHeading.replace(/<[^>]*>/g, ''), secId));
    const prefix = `${secId}. TEST CASES, `;
    if (!heading.startsWith(prefix)) fail(`${secId}: unexpected section heading "${heading}"`);
    sections.push({ id: secId, title: heading.startsWith(prefix) ? heading.slice(prefix.length) : heading });
  } else if (caseId !== undefined) {
    closeCase();
    const heading = collapse(decodeEntities(caseHeading.replace(/<[^>]*>/g, ''), caseId));
    const prefix = `${caseId}. TEST CASE, `;
    if (!heading.startsWith(prefix)) fail(`${caseId}: unexpected case heading "${heading}"`);
    const section = caseId.replace(/\.\d+$/, '');
    if (sections.at(-1)?.id !== section) fail(`${caseId}: case is not under its section heading ${section}`);
    current = {
      id: caseId,
      description: '',
      notes: '',
      phase: 'movement',
      orders: undefined,
      title: heading.startsWith(prefix) ? heading.slice(prefix.length) : heading,
      section,
    };
  } else if (divClass !== undefined) {
    if (!current) {
      fail(`test-case div ${divId} before any case heading`);
      continue;
    }
    if (current.orders !== undefined) {
      fail(`${current.id}: more than one test-case div`);
      continue;
    }
    if (divId !== `${current.id}.orders`) fail(`${current.id}: div id "${divId}" does not match the heading`);
    const classes = divClass.trim().split(/\s+/);
    const phase = classes.includes('spring') ? 'movement' : classes.includes('winter') ? 'adjustment' : null;
    if (phase === null || classes.length !== 1)
      fail(`${current.id}: unexpected test-case class "${divClass}"`);
    current.phase = phase ?? 'movement';
    current.orders = parseOrders(current.id, divBody, current.phase);
  } else if (/^<div/.test(whole) && /test-case/.test(whole)) {
    fail(`unrecognised test-case div: ${whole}`);
  } else if (/^<h[34]/.test(whole) && /id="6\./.test(whole)) {
    fail(`unrecognised chapter 6 heading: ${whole}`);
  }
  // Other h3/h4/div tags (none expected in chapter 6) are plain text boundaries.
}
finishText(chapter.length);
closeCase();

// ---------------------------------------------------------------- checks

function main() {
  if (cases.length !== EXPECTED_TOTAL) fail(`expected ${EXPECTED_TOTAL} cases, found ${cases.length}`);
  const perSection = {};
  for (const c of cases) perSection[c.section] = (perSection[c.section] ?? 0) + 1;
  for (const [s, n] of Object.entries(EXPECTED_COUNTS)) {
    if (perSection[s] !== n) fail(`section ${s}: expected ${n} cases, found ${perSection[s] ?? 0}`);
  }
  for (const s of Object.keys(perSection)) if (!(s in EXPECTED_COUNTS)) fail(`unexpected section ${s}`);
  const sectionIds = sections.map((s) => s.id);
  if (sectionIds.join() !== Object.keys(EXPECTED_COUNTS).join()) {
    fail(`sections are ${sectionIds.join(', ')}, expected ${Object.keys(EXPECTED_COUNTS).join(', ')}`);
  }

  // Ids unique and in document order: sections in order, numbers 1, 2, 3, ... inside each section.
  const seen = new Set();
  let prevSection = '';
  let prevNumber = 0;
  for (const c of cases) {
    if (seen.has(c.id)) fail(`duplicate id ${c.id}`);
    seen.add(c.id);
    const n = Number(c.id.split('.')[2]);
    if (c.section !== prevSection) {
      if (prevSection !== '' && c.section <= prevSection) fail(`${c.id}: section out of order`);
      if (n !== 1) fail(`${c.id}: section does not start at 1`);
    } else if (n !== prevNumber + 1) fail(`${c.id}: follows ${prevSection}.${prevNumber}`);
    prevSection = c.section;
    prevNumber = n;
  }

  for (const c of cases) {
    if (c.title === '') fail(`${c.id}: empty title`);
    if (c.phase === 'movement' && c.orders.length === 0) fail(`${c.id}: movement case without orders`);
    if (c.phase === 'adjustment' && c.orders.length === 0 && c.automatic.length === 0) {
      fail(`${c.id}: adjustment case without orders or automatic disbands`);
    }
    for (const o of [...c.orders, ...c.retreats]) {
      if (o.text === '' || o.result === '') fail(`${c.id}: order without text or result`);
      const r = o.result;
      if (KNOWN_RESULTS.has(r)) continue;
      if (KNOWN_RESULTS.has(r.toLowerCase())) {
        irregularities.push(`${c.id}: result "${r}" is not lower case ("${o.text}"); kept as written`);
        continue;
      }
      const parts = r.toLowerCase().split(/\s*,\s*/);
      if (parts.every((p) => RESULT_WORDS.includes(p))) {
        warnings.push(`${c.id}: unexpected combination of result words "${r}" ("${o.text}")`);
      } else {
        fail(`${c.id}: unknown result "${r}" ("${o.text}")`);
      }
    }
  }
}

main();

if (warnings.length) for (const w of warnings) console.warn(`warning: ${w}`);
if (irregularities.length) for (const w of irregularities) console.log(`note: ${w}`);
if (errors.length) {
  for (const e of errors) console.error(`error: ${e}`);
  console.error(`${errors.length} check(s) failed; ${outputPath} not written`);
  process.exit(1);
}

const out = {
  source:
    "DATC v3.2 (2025-08-30) by Lucas B. Kruijswijk, chapter 6 (test cases), converted from the author's HTML " +
    `by scripts/datc-html-to-json.mjs. ${license}`,
  sections,
  cases,
};
mkdirSync(dirname(outputPath), { recursive: true });
writeFileSync(outputPath, `${JSON.stringify(out, null, 2)}\n`);

const counts = Object.entries(
  cases.reduce((acc, c) => ((acc[c.section] = (acc[c.section] ?? 0) + 1), acc), {}),
)
  .map(([s, n]) => `${s} ${n}`)
  .join(', ');
const nOrders = cases.reduce((n, c) => n + c.orders.length, 0);
const nRetreats = cases.reduce((n, c) => n + c.retreats.length, 0);
const nAutomatic = cases.reduce((n, c) => n + c.automatic.length, 0);
console.log(
  `${cases.length} cases (${counts}); ${nOrders} orders, ${nRetreats} retreat orders, ${nAutomatic} automatic disbands`,
);
console.log(`wrote ${outputPath}`);
