/**
 * What every page of the web client shares: the map being shown (the standard map unless a game's page chooses
 * its own), drawing a board into a container (the core's
 * renderSvg, whose order <title>s give the reasons on hover), reading order text with its bad lines, rule
 * settings from a preset, and small DOM helpers.
 */
import {
  PRESETS,
  artKind,
  bundledMap,
  compileMap,
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

/** The id of the map shown, as `useMap` last set it. */
let shownId = 'standard';
/** Bundled maps compiled with the art fetched for them, by id (the pages carry only the standard map's art). */
const withArt = new Map<string, GameMap>();
/** The fetch of each variant's art, made once a page. */
const fetching = new Map<string, Promise<void>>();

/** Makes the bundled map `id` the one shown; false (the map unchanged) when this client does not know it. */
export function useMap(id: string): boolean {
  const found = withArt.get(id) ?? bundledMap(id);
  if (found) {
    map = found;
    shownId = id;
  }
  return found !== undefined;
}

/**
 * `useMap`, then, for a map whose art this page does not carry (every variant: packages/web/build.mjs), fetches
 * the art once from the server (GET /api/maps/{id}/art.json, which the browser may cache too) and shows the map
 * with it; resolves when that is done. Where no art can come (Pure has none; a sandbox opened as a file has no
 * server) the map is drawn by the schematic layout. False when this client does not know the map.
 */
export async function useMapArt(id: string): Promise<boolean> {
  if (!useMap(id)) return false;
  if (artKind(map) === 'geographic') return true;
  let pending = fetching.get(id);
  if (!pending) {
    pending = fetchArt(id);
    fetching.set(id, pending);
  }
  await pending;
  if (shownId === id) useMap(id); // unless the page moved on to another map meanwhile
  return true;
}

async function fetchArt(id: string): Promise<void> {
  if (location.protocol === 'file:') return; // a sandbox opened as a file: no server to ask
  let art: unknown;
  try {
    const response = await fetch(`/api/maps/${encodeURIComponent(id)}/art.json`);
    if (!response.ok) return; // 404 no-art (Pure): the schematic layout is its drawing
    art = await response.json();
  } catch {
    fetching.delete(id); // no server, or the network failed: try again next time
    return;
  }
  const compiled = compileMap({ ...bundledMap(id)!.definition, art });
  if (compiled.value && artKind(compiled.value) === 'geographic') withArt.set(id, compiled.value);
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
