/**
 * Power colours and letters. The colours are the map's (`GameMap.powerColour`: the definition's own, else the
 * Okabe-Ito palette of src/map/colours.ts, chosen to stay apart for the common kinds of colour blindness); every
 * unit glyph and supply-centre marker also carries its power's letter, so no power is told apart by colour alone.
 */
import { NEUTRAL as NEUTRAL_NAME } from '../map/neutral.js';
import type { GameMap } from '../map/types.js';

export interface PowerStyle {
  name: string;
  /** Fill of units and owned supply centres. */
  color: string;
  /** Light tint for the land of owned supply centres. */
  tint: string;
  /** Text colour on `color`: black or white, whichever reads better. */
  ink: string;
  /** One letter (two if one is taken) drawn on the power's units and centres. */
  letter: string;
}

/** Neutral supply centres and land. */
export const NEUTRAL = '#FFFFFF';

/** The neutral units' grey (`rules.neutralArmies`): no power's colour. */
export const NEUTRAL_UNIT = '#A6A6A6';

const styles = new WeakMap<GameMap, PowerStyle[]>();

/**
 * One style per power of the map, parallel to `map.powers`; on a map with neutral armies one more, at
 * `map.neutralPower`, for the neutral units: grey, named NEUTRAL.
 */
export function powerStyles(map: GameMap): PowerStyle[] {
  let found = styles.get(map);
  if (!found) styles.set(map, (found = makeStyles(map)));
  return found;
}

function makeStyles(map: GameMap): PowerStyle[] {
  const taken = new Set<string>();
  const owners = map.neutralPower >= 0 ? [...map.powers, NEUTRAL_NAME] : map.powers;
  return owners.map((name, i) => {
    const color = i === map.neutralPower ? NEUTRAL_UNIT : (map.powerColour[i] ?? '#4D4D4D').toUpperCase();
    const letters = name.replace(/[^A-Z]/gi, '').toUpperCase();
    // A letter of the name not taken yet; else its first letter with another of its letters ("RU"); else a number.
    const pairs = [...letters.slice(1)].map((c) => `${letters.charAt(0)}${c}`);
    const letter = [...letters, ...pairs].find((c) => !taken.has(c)) ?? `${letters.charAt(0)}${i + 1}`;
    taken.add(letter);
    return {
      name,
      color,
      tint: mix(color, '#F4EBD0', 0.38),
      ink: luminance(color) > 0.35 ? '#000000' : '#FFFFFF',
      letter,
    };
  });
}

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** `a` mixed into `b` by `share` (0: b, 1: a). */
export function mix(a: string, b: string, share: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  const c = ca.map((v, i) => Math.round(v * share + cb[i]! * (1 - share)));
  return `#${c
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/** Relative luminance (WCAG) of a colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
