/**
 * What every page of the web client shares: the map being shown (the standard map unless a game's page chooses
 * its own), drawing a board into a container (the core's
 * renderSvg, whose order <title>s give the reasons on hover), reading order text with its bad lines, rule
 * settings from a preset, and small DOM helpers.
 */
import {
  PRESETS,
  bundledMap,
  datcWords,
  displayName,
  formatGivenOrder,
  legalOrders,
  RULE_ISSUES,
  lookupLocation,
  parseOrders,
  renderSvg,
  splitCoast,
  standardMap,
  type GameMap,
  type GivenOrder,
  type LegalOrder,
  type OrderOutcome,
  type Position,
  type RenderOptions,
} from 'dipkit';

/** The map every helper below reads; a game page switches it to its game's map with `useMap` before drawing. */
export let map: GameMap = standardMap();

/** Makes the bundled map `id` the one shown; false (the map unchanged) when this client does not know it. */
export function useMap(id: string): boolean {
  const found = bundledMap(id);
  if (found) map = found;
  return found !== undefined;
}

/**
 * An example of order text for `position` on the map shown, for an order box's placeholder: a heading and a
 * legal move (else the first legal order) for each of the first two powers with units, as the players of this map
 * and phase would write them; none for a position the rules refuse.
 */
export function exampleOrders(position: Position): string {
  let legal: readonly LegalOrder[];
  try {
    legal = legalOrders(map, position);
  } catch {
    return ''; // a position being edited may not be one the rules know (the page shows its problem elsewhere)
  }
  const firstPowers = [...new Set(legal.map((o) => o.power))].slice(0, 2);
  return firstPowers
    .flatMap((power) => {
      const own = legal.filter((o) => o.power === power);
      const move = own.find((o) => o.order.kind === 'move') ?? own[0]!;
      return [`${displayName(power)}:`, move.text];
    })
    .join('\n');
}

/** The element with this id; a page without it is a build mistake, reported at once. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** A new element with text and attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Draws the board into `container`; the SVG scales to the container's width. */
export function drawBoard(container: HTMLElement, position: Position, options: RenderOptions = {}): void {
  container.innerHTML = renderSvg(map, position, options);
  container.querySelector('svg')?.setAttribute('role', 'img');
  // The first drawing of a page is what the browser test times.
  if (!('firstBoard' in window)) (window as unknown as { firstBoard: number }).firstBoard = performance.now();
}

/** The province code of a clicked board element (a province path, a unit or an order), or undefined. */
export function clickedProvince(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const found = target.closest('[data-province],[data-location]');
  const code = found?.getAttribute('data-province') ?? found?.getAttribute('data-location') ?? undefined;
  if (code === undefined) return undefined;
  const province = splitCoast(map, code).province;
  return province < 0 ? undefined : map.locationCode[province];
}

/** Orders read from text, and one message per bad line ("line 3: ..."). */
export function readOrders(text: string): {
  orders: GivenOrder[];
  problems: { line: number; message: string }[];
} {
  const result = parseOrders(map, text);
  return {
    orders: result.value ?? [],
    problems: result.issues.map((i) => ({ line: i.line ?? 0, message: i.message })),
  };
}

/** Lists the bad lines of an order box under it, each with its message; empty when every line reads. */
export function showProblems(
  list: HTMLElement,
  problems: readonly { line: number; message: string }[],
): void {
  list.replaceChildren(
    ...problems.map((p) =>
      el('li', { class: 'problem', 'data-line': String(p.line) }, `line ${p.line}: ${p.message}`),
    ),
  );
}

/** The power owning the unit in `location`'s province, or undefined. */
export function ownerAt(units: Position['units'], location: string): string | undefined {
  const province = splitCoast(map, location).province;
  return units.find((u) => splitCoast(map, u.location).province === province)?.power;
}

/** A preset as ISSUE=CHOICE settings on top of the DATC preferences, then `overrides`. */
export function ruleSettings(preset: string, overrides: readonly string[]): string[] {
  const rules = PRESETS[preset]?.rules ?? {};
  const settings = Object.entries(rules).flatMap(([key, value]) => {
    const info = RULE_ISSUES.find((i) => i.key === key);
    return info ? [`${info.id}=${String(value)}`] : [];
  });
  return [...settings, ...overrides];
}

/** Is `text` a location of the map ("lon", "spa/nc", "London")? */
export function knownLocation(text: string): boolean {
  return lookupLocation(map, text.trim()) >= 0 || splitCoast(map, text.trim()).province >= 0;
}

/** One outcome as a list item: the order, then dipkit's reason; `data-words` holds the DATC's words for it. */
export function outcomeItem(o: OrderOutcome): HTMLLIElement {
  const li = el('li', { class: `outcome ${o.resolution}`, 'data-words': datcWords(o) });
  li.append(
    el('strong', {}, formatGivenOrder(map, o.given, 'long')),
    document.createTextNode(` ${o.message}`),
  );
  return li;
}
