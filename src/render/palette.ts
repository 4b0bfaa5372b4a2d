/**
 * Power colours and letters. The colours are the Okabe-Ito palette (Okabe and Ito, "Color Universal Design"),
 * chosen to stay apart for the common kinds of colour blindness; every unit glyph and supply-centre marker also
 * carries its power's letter, so no power is told apart by colour alone. A colour the map gives a power
 * (`GameMap.powerColour`) comes first; else the standard powers get the palette colours closest to their
 * traditional ones and other powers the palette in power order; a map of more than eight powers (Twenty Twenty has
 * twenty) takes further colours spread around the hue circle (`extraColour`), which the letters tell apart.
 */
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

const OKABE_ITO = ['#D55E00', '#0072B2', '#56B4E9', '#009E73', '#F0E442', '#CC79A7', '#E69F00', '#4D4D4D'];

/** Traditional colours of the standard powers, in the palette above. */
const TRADITIONAL: Record<string, string> = {
  AUSTRIA: '#D55E00',
  ENGLAND: '#0072B2',
  FRANCE: '#56B4E9',
  GERMANY: '#4D4D4D',
  ITALY: '#009E73',
  RUSSIA: '#CC79A7',
  TURKEY: '#F0E442',
};

/** Neutral supply centres and land. */
export const NEUTRAL = '#FFFFFF';

const styles = new WeakMap<GameMap, PowerStyle[]>();

/** One style per power of the map, parallel to `map.powers`. */
export function powerStyles(map: GameMap): PowerStyle[] {
  let found = styles.get(map);
  if (!found) styles.set(map, (found = makeStyles(map)));
  return found;
}

function makeStyles(map: GameMap): PowerStyle[] {
  const used = new Set<string>();
  const taken = new Set<string>();
  return map.powers.map((name, i) => {
    let color = /^#[0-9a-f]{6}$/i.test(map.powerColour[i] ?? '')
      ? map.powerColour[i]!.toUpperCase()
      : undefined;
    color ??= TRADITIONAL[name];
    if (color === undefined || used.has(color)) color = OKABE_ITO.find((c) => !used.has(c));
    for (let k = 0; color === undefined || used.has(color); k++) color = extraColour(k);
    used.add(color);
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

/**
 * The `k`th colour after the palette: hues a golden angle apart (so that neighbours in power order differ most),
 * alternately darker and lighter, saturated enough to read on the board's land colour.
 */
function extraColour(k: number): string {
  const hue = (k * 137.508 + 20) % 360;
  const light = k % 2 === 0 ? 0.42 : 0.62;
  const sat = 0.7;
  const f = (n: number): number => {
    const h = (n + hue / 30) % 12;
    return light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(h - 3, 9 - h, 1));
  };
  return `#${[f(0), f(8), f(4)]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;
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
