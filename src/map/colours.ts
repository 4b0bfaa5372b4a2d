/**
 * The colours powers are drawn in when their map does not give one (`PowerDefinition.colour`). The palette is
 * Okabe and Ito's ("Color Universal Design"), chosen to stay apart for the common kinds of colour blindness. It
 * lives with the map, not with the renderer, because the compiled map carries each power's colour
 * (`GameMap.powerColour`) for every client: the SVG renderer, the web client, a program's own drawing.
 */
export const DEFAULT_POWER_COLOURS: readonly string[] = [
  '#D55E00',
  '#0072B2',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#CC79A7',
  '#E69F00',
  '#4D4D4D',
];

/**
 * A colour for every power: its own where the map gives one, else the first palette colour no power of the map
 * uses yet; past the palette (Twenty Twenty has twenty powers), hues spread around the colour wheel.
 */
export function fillPowerColours(given: readonly (string | undefined)[]): string[] {
  const used = new Set(given.filter((c) => c !== undefined).map((c) => c.toUpperCase()));
  let extra = 0;
  return given.map((colour) => {
    if (colour !== undefined) return colour;
    const chosen = DEFAULT_POWER_COLOURS.find((c) => !used.has(c)) ?? spreadHue(extra++);
    used.add(chosen);
    return chosen;
  });
}

/** The k-th colour past the palette: hues a golden angle apart, so that neighbours in power order differ most. */
function spreadHue(k: number): string {
  const hue = (20 + k * 137.508) % 360;
  const lightness = k % 2 === 0 ? 0.42 : 0.62;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * 0.7;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60);
  const [r = 0, g = 0, b = 0] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector] ?? [0, 0, 0];
  const hex = (v: number): string =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`.toUpperCase();
}
