// The README and docs/*.md link to each other, to sources and to sections: every relative link must name a file
// that exists and, with a #fragment, a heading of that file (GitHub's anchor rule). The README stays short.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const documents = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchor: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const m = /^#{1,6} (.*)$/.exec(line);
    if (m && !inFence) anchors.add(anchorOf(m[1]!));
  }
  return anchors;
}

function linksOf(text: string): string[] {
  const withoutFences = text.replace(/^```[\s\S]*?^```/gm, '');
  const links = [...withoutFences.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  links.push(...[...withoutFences.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!));
  return links.filter((l) => !/^[a-z]+:/.test(l));
}

void test('every relative link of the README and docs/ names an existing file and heading', () => {
  const broken: string[] = [];
  for (const doc of documents) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const link of linksOf(text)) {
      const [path = '', fragment] = link.split('#');
      const target = path === '' ? join(root, doc) : resolve(dirname(join(root, doc)), path);
      if (!existsSync(target)) {
        broken.push(`${doc}: ${link} (no such file)`);
        continue;
      }
      if (fragment !== undefined && target.endsWith('.md')) {
        if (!anchorsOf(readFileSync(target, 'utf8')).has(fragment))
          broken.push(`${doc}: ${link} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

void test('the README is under 300 lines and starts with what dipkit is, the two commands, then playing', () => {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  const lines = text.split('\n');
  assert.ok(lines.length < 300, `${lines.length} lines`);
  const firstScreen = lines.slice(0, 40).join('\n');
  assert.match(firstScreen, /^dipkit is /m);
  assert.match(
    firstScreen,
    /npm install && npm run build && node dist\/src\/cli\/main\.js adjudicate examples\/opening\.txt\nnpm test\n/,
  );
  assert.match(firstScreen, /^## Play in your browser in five minutes$/m);
});
