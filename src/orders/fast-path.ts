/**
 * The fast path of the order reader: MILA lines as written by machines ("A PAR - BUR", "F NTH C A LON - NWY",
 * "A LON - NWY VIA", ...), with the map's own codes and single spaces, are read without the tokenizer. The result
 * is exactly what the grammar (parse.ts) gives for the same line (the same objects, fields in the same order,
 * canonical code strings); any other line, or a code the grammar could read differently, goes the general way.
 */
import type { GameMap } from '../map/types.js';
import { BARE_COASTS, RESERVED } from './notation.js';
import { coastCode, nameIndex } from './places.js';
import type { Order, UnitRef } from './types.js';

/**
 * Per map: the canonical location codes ("LON", "SPA/NC") the fast path may take, in an open-addressing table keyed
 * by `wordHash`, so that a code is found from the line's characters without cutting it out as a string (a new
 * string would have its hash computed by the runtime, which costs more than the rest of the line).
 */
interface FastCodes {
  readonly map: GameMap;
  /** Location id per slot, -1 for an empty slot. */
  readonly slots: Int32Array;
  readonly mask: number;
}

const fastCodes = new WeakMap<GameMap, FastCodes>();
let lastFast: FastCodes | undefined;

/** The hash of text[start, end). */
function wordHash(text: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

function fastCodesOf(map: GameMap): FastCodes {
  if (lastFast?.map === map) return lastFast;
  let codes = fastCodes.get(map);
  if (codes === undefined) {
    // A province name of several tokens that starts with a code ("Mid - Atlantic" for a code "MID") could take
    // the tokens after it: such codes are left to the grammar, as are codes it reads as keywords.
    const leading = new Set<string>();
    for (const key of nameIndex(map).provinces.keys()) if (key.includes(' ')) leading.add(key.split(' ')[0]!);
    const plain = /^[A-Z0-9]+$/;
    let size = 16;
    while (size < map.locationCount * 4) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    for (let l = 0; l < map.locationCount; l++) {
      const code = map.locationCode[l]!;
      const province = map.locationProvince[l]!;
      const head = map.locationCode[province]!;
      const coast = map.locationCoast[l]!;
      const key = head.toLowerCase();
      if (!plain.test(head) || RESERVED.has(key) || BARE_COASTS.has(key) || leading.has(key)) continue;
      if (nameIndex(map).provinces.get(key) !== province) continue;
      if (coast !== '' && (!plain.test(coast) || coastCode(map, [coast.toLowerCase()]) !== coast)) continue;
      let k = wordHash(code, 0, code.length) & (size - 1);
      while (slots[k]! >= 0) k = (k + 1) & (size - 1);
      slots[k] = l;
    }
    codes = { map, slots, mask: size - 1 };
    fastCodes.set(map, codes);
  }
  lastFast = codes;
  return codes;
}

/** Where the words of the line being read start and end, and their hashes (the fast path reads at most seven). */
const wordStart = new Int32Array(8);
const wordEnd = new Int32Array(8);
const wordHashes = new Int32Array(8);

/** The character of word k when it is one character long, else -1. */
function letter(text: string, k: number): number {
  return wordEnd[k]! - wordStart[k]! === 1 ? text.charCodeAt(wordStart[k]!) : -1;
}

/** The canonical code of word k when it is a location written exactly as the map writes it, or undefined. */
function fastLocation(codes: FastCodes, text: string, k: number): string | undefined {
  const start = wordStart[k]!;
  const length = wordEnd[k]! - start;
  for (let slot = wordHashes[k]! & codes.mask; ; slot = (slot + 1) & codes.mask) {
    const l = codes.slots[slot]!;
    if (l < 0) return undefined;
    const code = codes.map.locationCode[l]!;
    if (code.length !== length) continue;
    let i = 0;
    while (i < length && code.charCodeAt(i) === text.charCodeAt(start + i)) i++;
    if (i === length) return code;
  }
}

/** The unit of words k and k + 1 (`A PAR`, `F SPA/NC`) as the grammar writes it ({ location, type }), or undefined. */
function fastUnit(codes: FastCodes, text: string, k: number): UnitRef | undefined {
  const type = letter(text, k);
  if (type !== 65 /* A */ && type !== 70 /* F */) return undefined;
  const location = fastLocation(codes, text, k + 1);
  return location === undefined ? undefined : { location, type: type === 65 ? 'A' : 'F' };
}

/** A MILA line read without the tokenizer, or undefined when it is not one the fast path knows. */
/** A MILA line read without the tokenizer, or undefined when it is not one the fast path knows. */
export function fastOrder(map: GameMap, text: string): Order | undefined {
  if (text === 'WAIVE') return { kind: 'waive' };
  let count = 0;
  let start = 0;
  let h = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c !== 32) {
      h = (Math.imul(h, 31) + c) | 0;
      continue;
    }
    if (i === start || count === 7) return undefined;
    wordStart[count] = start;
    wordEnd[count] = i;
    wordHashes[count++] = h; // wordHash(text, start, i)
    start = i + 1;
    h = 0;
  }
  if (count < 3) return undefined;
  const codes = fastCodesOf(map);
  const unit = fastUnit(codes, text, 0);
  if (unit === undefined) return undefined;
  const verb = letter(text, 2);
  let order: Order | undefined;
  if (count === 3) {
    if (verb === 72 /* H */) order = { kind: 'hold', unit };
    else if (verb === 68 /* D */) order = { kind: 'disband', unit };
    else if (verb === 66 /* B */) order = { kind: 'build', unit };
  } else if (verb === 45 /* - */ || verb === 82 /* R */) {
    const to = fastLocation(codes, text, 3);
    if (to === undefined) return undefined;
    if (count === 4) order = { kind: 'move', unit, to };
    else if (count === 5 && verb === 45 && text.endsWith(' VIA'))
      order = { kind: 'move', unit, to, viaConvoy: true };
  } else if (verb === 83 /* S */ || verb === 67 /* C */) {
    const other = fastUnit(codes, text, 3);
    if (other === undefined) return undefined;
    if (count === 5 && verb === 83) order = { kind: 'support', unit, supported: other };
    else if (count === 7 && letter(text, 5) === 45) {
      const to = fastLocation(codes, text, 6);
      if (to === undefined) return undefined;
      order =
        verb === 83
          ? { kind: 'support', unit, supported: other, to }
          : { kind: 'convoy', unit, army: other, to };
    }
  }
  return order;
}
