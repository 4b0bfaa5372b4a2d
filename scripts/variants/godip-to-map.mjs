#!/usr/bin/env node
// Reads one variant definition of godip (the Go adjudicator behind Diplicity, github.com/zond/godip) and prints
// the same map as a dipkit map definition (src/map/types.ts, `MapDefinition`) on standard output.
//
//   node scripts/variants/godip-to-map.mjs GODIP/variants/hundred/hundred.go > src/map/variants/hundred.json
//   node scripts/variants/godip-to-map.mjs GODIP/variants/hundred            (a folder: reads <folder>/<folder>.go)
//
// Only facts are taken from the Go file: the provinces and their terrain, the edges with the unit types that may
// use them, the supply centres and their powers, the start (year, units, owned centres), the powers, the long
// province names and colours, and the victory count. What the Go file cannot say (adjectives, aliases, our rule
// switches, a description, how oddities are resolved) comes from overrides.json next to this script, keyed by map id.
//
// How godip's notation maps onto ours:
// - `Prov("abc")` is a node; `Prov("abc/nc")` a coast of province abc. `Flag(...)` gives the node's terrain:
//   Land, Sea, Coast (= Land + Sea) or Archipelago (= Land + Sea + Convoyable: a coastal province whose fleets
//   may convoy). A province with coast nodes is a "coast" province whose fleets stand on those coasts.
// - `Conn("xyz", flags)` is a directed edge; Land lets armies use it, Sea fleets. An army edge needs Land on the
//   edge and on both nodes, a fleet edge Sea on the edge and on both nodes. Sea edges to or from the province node
//   of a multi-coast province are godip's shorthand for "some coast" and are dropped (every fleet edge of ours names
//   the coast); the script checks each one is covered by an edge of one of the coasts.
// - `SC(nation)` marks a supply centre and its home power (`godip.Neutral`: no home power); the start's
//   `SetSupplyCenters` says who owns which centre at the start; `SetUnits` the starting units.
// Every edge must come back the other way; a one-way edge stops the script unless overrides.json decides it
// (add the return edge or drop the edge, with the reason in the map's `source`).
//
// Diagnostics go to standard error; exit 1 when the definition cannot be converted faithfully.

import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const scriptDir = dirname(fileURLToPath(import.meta.url));

/** godip's own nations, written `godip.England` etc. (the classical seven). */
const CLASSICAL_NATIONS = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Turkey', 'Russia'];

const problems = [];
const notes = [];
function fail(message) {
  problems.push(message);
}

function main() {
  const arg = process.argv[2];
  if (arg === undefined || arg === '--help' || arg === '-h') {
    process.stderr.write('usage: node scripts/variants/godip-to-map.mjs GODIP_VARIANT_FILE.go|GODIP_VARIANT_FOLDER\n');
    process.exit(arg === undefined ? 2 : 0);
  }
  let file = resolve(arg);
  let stat;
  try {
    stat = statSync(file);
  } catch {
    process.stderr.write(`${arg}: no such file or folder\n`);
    process.exit(2);
  }
  if (stat.isDirectory()) file = join(file, `${basename(file)}.go`);
  const text = readFileSync(file, 'utf8');
  const overridesAll = JSON.parse(readFileSync(join(scriptDir, 'overrides.json'), 'utf8'));

  const variant = readVariant(text);
  const id = Object.keys(overridesAll).find(
    (k) => k === mapId(variant.name ?? '') || overridesAll[k].godipName === variant.name,
  );
  const o = id === undefined ? undefined : overridesAll[id];
  if (o === undefined) fail(`no entry for "${variant.name}" in overrides.json`);
  const map = buildMap(variant, o ?? {}, basename(dirname(file)));
  for (const n of notes) process.stderr.write(`note: ${n}\n`);
  if (problems.length > 0) {
    for (const p of problems) process.stderr.write(`error: ${p}\n`);
    process.exit(1);
  }
  process.stdout.write(formatMap(map));
}

/** A map's id: its name lower-cased, with everything but letters and digits removed. */
function mapId(name) {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// ---------------------------------------------------------------- reading the Go file

/** The text between the brace that opens at or after `from` and its matching close brace. */
function braceBlock(text, from) {
  const open = text.indexOf('{', from);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return undefined;
}

function readVariant(text) {
  const constants = new Map();
  for (const m of text.matchAll(/(\w+)\s+godip\.Nation\s*=\s*"([^"]+)"/g)) constants.set(m[1], m[2]);
  const nation = (ref) => {
    const r = ref.trim();
    if (r === 'godip.Neutral') return null;
    if (r.startsWith('godip.') && CLASSICAL_NATIONS.includes(r.slice(6))) return r.slice(6);
    if (constants.has(r)) return constants.get(r);
    fail(`unknown nation ${r}`);
    return null;
  };

  const variantAt = text.search(/=\s*common\.Variant\s*\{/);
  if (variantAt < 0) fail('no common.Variant literal');
  const body = braceBlock(text, variantAt) ?? '';
  const name = /\bName:\s*"([^"]+)"/.exec(body)?.[1];
  if (name === undefined) fail('the variant has no Name');

  let nations;
  if (/\bNations:\s*classical\.Nations\b/.test(body)) nations = [...CLASSICAL_NATIONS];
  else {
    const m = /var\s+Nations\s*=\s*\[\]godip\.Nation\s*\{([^}]*)\}/.exec(text);
    if (m === null) fail('no list of nations');
    nations = (m?.[1] ?? '').split(',').filter((s) => s.trim() !== '').map(nation);
  }

  const solo =
    /SoloSCCount:\s*func\([^)]*\)\s*int\s*\{\s*return\s+(\d+)\s*\}/.exec(body)?.[1] ??
    /SoloWinner:\s*common\.SCCountWinner\((\d+)\)/.exec(body)?.[1];

  const colours = new Map();
  const colourAt = body.search(/NationColors:\s*map\[godip\.Nation\]string\s*\{/);
  if (colourAt >= 0) {
    for (const m of (braceBlock(body, colourAt) ?? '').matchAll(/([\w.]+)\s*:\s*"(#[0-9A-Fa-f]{6})"/g)) {
      colours.set(nation(m[1]), m[2].toUpperCase());
    }
  }

  // Long names: an inline map, or a package variable the Variant names.
  const longNames = new Map();
  let namesBlock;
  const inline = body.search(/ProvinceLongNames:\s*map\[godip\.Province\]string\s*\{/);
  if (inline >= 0) namesBlock = braceBlock(body, inline);
  else {
    const v = /ProvinceLongNames:\s*(\w+)/.exec(body)?.[1];
    if (v !== undefined) {
      const at = text.search(new RegExp(`var\\s+${v}\\s*=\\s*map\\[godip\\.Province\\]string\\s*\\{`));
      if (at < 0) fail(`ProvinceLongNames names ${v}, which is not defined`);
      else namesBlock = braceBlock(text, at);
    }
  }
  for (const m of (namesBlock ?? '').matchAll(/"([a-z0-9/]+)"\s*:\s*"([^"]*)"/g)) longNames.set(m[1], m[2]);

  const start = /startPhase\s*:=\s*[\w.]+\(\s*(\d+)\s*,\s*([\w.]+)\s*,\s*godip\.Movement\s*\)/.exec(text);
  if (start === null) fail('no start phase (startPhase := ...(YEAR, SEASON, godip.Movement))');

  const units = [];
  const unitsAt = text.search(/SetUnits\(\s*map\[godip\.Province\]godip\.Unit\s*\{/);
  if (unitsAt < 0) fail('no SetUnits in the start');
  for (const m of (braceBlock(text, unitsAt) ?? '').matchAll(
    /"([a-z0-9/]+)"\s*:\s*godip\.Unit\s*\{\s*godip\.(Army|Fleet)\s*,\s*([\w.]+)\s*\}/g,
  )) {
    units.push({ location: m[1], type: m[2] === 'Army' ? 'A' : 'F', nation: nation(m[3]) });
  }

  const owners = new Map();
  const scAt = text.search(/SetSupplyCenters\(\s*map\[godip\.Province\]godip\.Nation\s*\{/);
  if (scAt < 0) fail('no SetSupplyCenters in the start');
  for (const m of (braceBlock(text, scAt) ?? '').matchAll(/"([a-z0-9/]+)"\s*:\s*([\w.]+)/g)) {
    owners.set(m[1], nation(m[2]));
  }
  // Western World 901 puts a neutral army on every neutral centre in code, not in SetUnits.
  const neutralArmies = /SCs\(godip\.Neutral\)[\s\S]{0,200}SetUnit\(/.test(text);

  return {
    name,
    nations,
    solo: solo === undefined ? undefined : Number(solo),
    colours,
    longNames,
    startYear: start === null ? undefined : Number(start[1]),
    startSeason: start?.[2],
    units,
    owners,
    neutralArmies,
    nodes: readGraph(text, nation),
  };
}

/** The graph: node name to { flags, edges: [{ to, flags }], sc, comment }. */
function readGraph(text, nation) {
  const at = text.search(/func\s+\w*Graph\(\)\s*\*graph\.Graph\s*\{/);
  if (at < 0) {
    fail('no ...Graph() function');
    return new Map();
  }
  const body = braceBlock(text, at) ?? '';
  const nodes = new Map();
  const parts = body.split(/\bProv\(/);
  let comment = /\/\/\s*(.*)\s*$/.exec(parts[0] ?? '')?.[1];
  for (const part of parts.slice(1)) {
    const name = /^\s*"([a-z0-9/]+)"\s*\)/.exec(part)?.[1];
    if (name === undefined) {
      fail(`cannot read Prov(${part.slice(0, 20)}...`);
      continue;
    }
    let node = nodes.get(name);
    if (node === undefined) {
      node = { flags: new Set(), edges: [], sc: undefined, comment: undefined };
      nodes.set(name, node);
    }
    if (comment !== undefined && comment !== name) node.comment ??= comment;
    const code = part.replace(/\/\/[^\n]*/g, '');
    for (const m of code.matchAll(/\.Conn\(\s*"([a-z0-9/]+)"\s*,([^)]*)\)/g)) {
      node.edges.push({ to: m[2] === undefined ? '' : m[1], flags: readFlags(m[2]) });
    }
    for (const m of code.matchAll(/\.Flag\(([^)]*)\)/g)) for (const f of readFlags(m[1])) node.flags.add(f);
    const sc = /\.SC\(([^)]*)\)/.exec(code);
    if (sc !== null) node.sc = nation(sc[1]) ?? 'neutral';
    // The comment line before the next Prov names it.
    comment = /\/\/\s*(.*?)\s*$/.exec(part.trimEnd())?.[1];
  }
  return nodes;
}

function readFlags(list) {
  const flags = new Set();
  for (const raw of list.split(',')) {
    const f = raw.trim();
    if (f === '') continue;
    if (f === 'godip.Land') flags.add('Land');
    else if (f === 'godip.Sea') flags.add('Sea');
    else if (f === 'godip.Convoyable') flags.add('Convoyable');
    else if (f === 'godip.Coast...') ['Land', 'Sea'].forEach((x) => flags.add(x));
    else if (f === 'godip.Archipelago...') ['Land', 'Sea', 'Convoyable'].forEach((x) => flags.add(x));
    else fail(`unknown flag ${f}`);
  }
  return flags;
}

// ---------------------------------------------------------------- building our definition

const upper = (s) => s.toUpperCase();
const pair = (a, b) => (a < b ? `${a} ${b}` : `${b} ${a}`);

function buildMap(v, o, folder) {
  const nodes = v.nodes;
  const provinceOf = (node) => node.split('/')[0];
  const coastsOf = new Map();
  for (const name of nodes.keys()) {
    if (!name.includes('/')) continue;
    const p = provinceOf(name);
    if (!nodes.has(p)) fail(`coast ${name} has no province node ${p}`);
    coastsOf.set(p, [...(coastsOf.get(p) ?? []), name]);
  }
  const provinceNames = [...nodes.keys()].filter((n) => !n.includes('/')).sort();
  const hasCoasts = (p) => coastsOf.has(p);
  const flagsOf = (n) => nodes.get(n)?.flags ?? new Set();
  const isLocation = (n) => nodes.has(n) && !hasCoasts(n);

  // ---- army edges: provinces with Land, Land edge
  const army = new Map(provinceNames.map((p) => [p, new Set()]));
  // ---- fleet edges: locations (single-coast provinces, coasts) with Sea, Sea edge
  const fleet = new Map();
  for (const [name, node] of nodes) {
    for (const e of node.edges) {
      if (!nodes.has(e.to)) {
        fail(`${name}: edge to unknown node ${e.to}`);
        continue;
      }
      if (e.flags.has('Land')) {
        if (name.includes('/') || e.to.includes('/')) {
          notes.push(`${name} -> ${e.to}: a Land edge touches a coast node; armies ignore it`);
        } else if (!flagsOf(name).has('Land') || !flagsOf(e.to).has('Land')) {
          notes.push(`${name} -> ${e.to}: a Land edge to or from a node without Land; dropped`);
        } else army.get(name).add(e.to);
      }
      if (e.flags.has('Sea')) {
        if (hasCoasts(name) || hasCoasts(e.to)) {
          // godip's "some coast of" shorthand: some coast must have the edge itself.
          const locs = (n) => (hasCoasts(n) ? coastsOf.get(n) : [n]);
          const sea = (a, b) => (nodes.get(a)?.edges ?? []).some((x) => x.to === b && x.flags.has('Sea'));
          const covered = locs(name).some((a) => locs(e.to).some((b) => sea(a, b) || sea(b, a)));
          if (!covered) fail(`${name} -> ${e.to}: a Sea edge to a multi-coast province that none of its coasts has`);
        } else if (!flagsOf(name).has('Sea') || !flagsOf(e.to).has('Sea')) {
          notes.push(`${name} -> ${e.to}: a Sea edge to or from a node without Sea; dropped`);
        } else {
          if (!fleet.has(name)) fleet.set(name, new Set());
          fleet.get(name).add(e.to);
        }
      }
    }
  }
  const oneWayEdges = [
    ...applyEdgeOverrides(army, o.edges?.army, 'army').map(([from, to]) => ({ type: 'A', from, to })),
    ...applyEdgeOverrides(fleet, o.edges?.fleet, 'fleet').map(([from, to]) => ({ type: 'F', from, to })),
  ].map((e) => ({ type: e.type, from: upper(e.from), to: upper(e.to) }));
  checkSymmetric(army, 'army', oneWayEdges);
  checkSymmetric(fleet, 'fleet', oneWayEdges);

  // ---- powers
  const powerName = (nation) => upper(nation);
  const powers = v.nations.map((n) => {
    const po = o.powers?.[n] ?? {};
    if (po.adjective === undefined) fail(`overrides.json: no adjective for ${n}`);
    // No no-space alias ("SOUTHAFRICA"): names are looked up without case, spaces or punctuation anyway.
    const aliases = po.aliases ?? [];
    const def = { name: powerName(n), adjective: po.adjective ?? n };
    if (aliases.length > 0) def.aliases = aliases.map(upper);
    const colour = po.colour ?? v.colours.get(n);
    if (colour !== undefined) def.colour = colour;
    return def;
  });

  // ---- provinces
  const homeOwnedAtStart = new Map();
  const provinces = provinceNames.map((p) => {
    const node = nodes.get(p);
    const f = node.flags;
    let kind;
    if (hasCoasts(p) || (f.has('Land') && f.has('Sea'))) kind = 'coast';
    else if (f.has('Sea')) kind = 'sea';
    else if (f.has('Land')) kind = 'land';
    else {
      kind = 'impassable';
      notes.push(`${p} has no terrain flag: impassable`);
    }
    const name = v.longNames.get(p) ?? node.comment ?? p;
    if (!v.longNames.has(p)) notes.push(`${p}: no long name in godip; named "${name}" after the comment before it`);
    const def = { code: upper(p), name, kind };
    if (node.sc !== undefined) {
      def.supplyCenter = true;
      if (node.sc !== 'neutral') def.home = powerName(node.sc);
      const owner = v.owners.get(p);
      if (node.sc !== 'neutral' && owner !== node.sc) {
        // A home centre the power does not own at the start (the minor powers of Empires and Coalitions).
        if (owner === undefined || owner === null) def.unownedAtStart = true;
        else fail(`${p}: home centre of ${node.sc} but owned by ${owner} at the start`);
      }
      if (node.sc === 'neutral' && owner !== undefined && owner !== null) {
        fail(`${p}: a neutral centre owned by ${owner} at the start`);
      }
      homeOwnedAtStart.set(p, owner);
    }
    if (f.has('Convoyable')) def.convoyable = true;
    const aliases = o.provinceAliases?.[p];
    if (aliases !== undefined) def.aliases = aliases;
    const a = [...army.get(p)].sort().map(upper);
    if (a.length > 0) def.army = a;
    if (hasCoasts(p)) {
      def.coasts = {};
      for (const c of coastsOf.get(p).sort()) def.coasts[upper(c.split('/')[1])] = [...(fleet.get(c) ?? [])].sort().map(upper);
    } else if (fleet.has(p)) def.fleet = [...fleet.get(p)].sort().map(upper);
    return def;
  });
  for (const [p, owner] of v.owners) {
    if (!homeOwnedAtStart.has(p)) fail(`${p} is owned at the start by ${owner} but is no supply centre in the graph`);
  }

  // ---- starting units (sorted by power, then location, for a stable file)
  const order = new Map(v.nations.map((n, i) => [n, i]));
  const startingUnits = v.units
    .filter((u) => {
      if (u.nation === null) fail(`starting unit at ${u.location} has no power`);
      return u.nation !== null;
    })
    .sort((a, b) => order.get(a.nation) - order.get(b.nation) || (a.location < b.location ? -1 : 1))
    .map((u) => ({ power: powerName(u.nation), type: u.type, location: upper(u.location) }));

  const victoryCenters = o.victoryCenters ?? v.solo;
  if (victoryCenters === undefined) fail('no solo count in godip: give victoryCenters in overrides.json');
  if (o.victoryCenters !== undefined && v.solo !== undefined && o.victoryCenters !== v.solo) {
    fail(`overrides.json says ${o.victoryCenters} centres for victory, godip ${v.solo}`);
  }
  if (v.neutralArmies && o.rules?.neutralArmies !== true) {
    fail('godip puts a neutral army on every neutral centre: set rules.neutralArmies in overrides.json');
  }
  if (v.startSeason !== 'godip.Spring' && o.rules?.calendar === undefined) {
    fail(`the game starts in ${v.startSeason}: give rules.calendar in overrides.json`);
  }
  if (o.description === undefined) fail('overrides.json: no description');

  const map = { name: o.name ?? v.name };
  if (o.description !== undefined) map.description = o.description;
  map.source =
    `Facts (provinces, edges, supply centres, homes, start, victory count) from godip's Go definition ` +
    `variants/${folder} (github.com/zond/godip, commit 5517bcd, GPL-3.0), converted by ` +
    `scripts/variants/godip-to-map.mjs; no code copied.` +
    (o.sourceNotes === undefined ? '' : ` ${o.sourceNotes}`);
  map.startYear = v.startYear;
  map.victoryCenters = victoryCenters;
  if (o.rules !== undefined) map.rules = o.rules;
  map.powers = powers;
  map.provinces = provinces;
  map.startingUnits = startingUnits;
  if (oneWayEdges.length > 0) map.oneWayEdges = oneWayEdges;
  return map;
}

/**
 * Decisions on one-way edges of godip: `add` the return edge of [from, to], `drop` the edge, or keep it `oneWay`
 * (the map means it: it is declared in the map's `oneWayEdges`). Returns the kept one-way edges.
 */
function applyEdgeOverrides(edges, decisions, what) {
  for (const [from, to] of decisions?.oneWay ?? []) {
    if (!edges.get(from)?.has(to)) fail(`overrides.json: one-way ${what} edge ${from} -> ${to} is not in godip`);
    else if (edges.get(to)?.has(from)) fail(`overrides.json: ${what} edge ${from} -> ${to} is not one-way in godip`);
  }
  for (const [from, to] of decisions?.add ?? []) {
    if (!edges.get(from)?.has(to)) fail(`overrides.json: ${what} edge ${from} -> ${to} to complete is not in godip`);
    else if (edges.get(to)?.has(from)) fail(`overrides.json: ${what} edge ${from} -> ${to} already has its return edge`);
    else {
      if (!edges.has(to)) edges.set(to, new Set());
      edges.get(to).add(from);
      notes.push(`${what} edge ${from} -> ${to} is one-way in godip; the return edge is added (overrides.json)`);
    }
  }
  for (const [from, to] of decisions?.drop ?? []) {
    if (!edges.get(from)?.has(to)) fail(`overrides.json: ${what} edge ${from} -> ${to} to drop is not in godip`);
    else {
      edges.get(from).delete(to);
      edges.get(to)?.delete(from);
      notes.push(`${what} edge ${from} -> ${to} is one-way in godip; dropped (overrides.json)`);
    }
  }
  return decisions?.oneWay ?? [];
}

function checkSymmetric(edges, what, declared) {
  const seen = new Set();
  const type = what === 'army' ? 'A' : 'F';
  for (const [from, set] of edges) {
    for (const to of set) {
      if (edges.get(to)?.has(from)) continue;
      if (declared.some((e) => e.type === type && e.from === upper(from) && e.to === upper(to))) continue;
      const key = pair(from, to);
      if (seen.has(key)) continue;
      seen.add(key);
      fail(`${what} edge ${from} -> ${to} is one-way in godip: decide it in overrides.json (edges.${what}.add or .drop)`);
    }
  }
}

// ---------------------------------------------------------------- output in the layout of standard.json

function formatMap(map) {
  // Compact JSON on one line: { "a": 1, "b": [2, 3] }.
  const j = (v) => {
    if (Array.isArray(v)) return `[${v.map(j).join(', ')}]`;
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${j(x)}`);
      return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
    }
    return JSON.stringify(v);
  };
  const lines = ['{'];
  const head = Object.entries(map).filter(([k]) => !['powers', 'provinces', 'startingUnits', 'oneWayEdges'].includes(k));
  for (const [k, v] of head) lines.push(`  ${JSON.stringify(k)}: ${k === 'rules' ? j(v) : JSON.stringify(v)},`);
  lines.push('  "powers": [');
  lines.push(map.powers.map((p) => `    ${j(p)}`).join(',\n'));
  lines.push('  ],');
  lines.push('  "provinces": [');
  const provs = map.provinces.map((p) => {
    const { army, fleet, coasts, aliases, ...headFields } = p;
    const inner = [`      ${j(headFields).slice(2, -2)}`];
    if (aliases !== undefined) inner.push(`      "aliases": ${j(aliases)}`);
    if (army !== undefined) inner.push(`      "army": ${j(army)}`);
    if (fleet !== undefined) inner.push(`      "fleet": ${j(fleet)}`);
    if (coasts !== undefined) inner.push(`      "coasts": ${j(coasts)}`);
    return `    {\n${inner.join(',\n')}\n    }`;
  });
  lines.push(provs.join(',\n'));
  lines.push('  ],');
  lines.push('  "startingUnits": [');
  lines.push(map.startingUnits.map((u) => `    ${j(u)}`).join(',\n'));
  if (map.oneWayEdges === undefined) lines.push('  ]');
  else {
    lines.push('  ],');
    lines.push('  "oneWayEdges": [');
    lines.push(map.oneWayEdges.map((e) => `    ${j(e)}`).join(',\n'));
    lines.push('  ]');
  }
  lines.push('}');
  const out = `${lines.join('\n')}\n`;
  JSON.parse(out); // the layout must not change the data
  if (JSON.stringify(JSON.parse(out)) !== JSON.stringify(map)) throw new Error('formatMap changed the data');
  return out;
}

main();
