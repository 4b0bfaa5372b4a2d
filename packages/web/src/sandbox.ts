/**
 * The sandbox (/sandbox, or sandbox.html opened as a file): any units anywhere, everyone's orders typed in one
 * box, adjudicated in the browser at every change under the chosen rules, the next phase one click away, on any
 * bundled map, and the whole state in the URL fragment so a link reopens it exactly.
 */
import {
  RULE_ISSUES,
  PRESETS,
  adjudicateAdjustments,
  adjudicateMovement,
  adjudicateRetreats,
  artKind,
  bundledMap,
  bundledMapIds,
  newGame,
  parseOrders,
  resolvePhase,
  resolveRules,
  splitCoast,
  unitOwnerNames,
  type GivenOrder,
  type Position,
  type RenderResult,
  type Result,
  type UnitType,
  displayName,
} from 'dipkit';
import {
  byId,
  clickedProvince,
  drawBoard,
  el,
  exampleOrders,
  map,
  outcomeItem,
  ownerAt,
  readOrders,
  ruleSettings,
  showProblems,
  useMap,
  useMapArt,
} from './common.js';

/** Everything the sandbox shows; the URL fragment holds it as base64url JSON. */
interface State {
  /** The bundled map's id ("standard" when a link made before maps could be chosen has none). */
  map: string;
  position: Position;
  orders: string;
  preset: string;
  /** Single rule choices on top of the preset: "4.A.2=szykman". */
  overrides: string[];
}

/** The start of a game on the bundled map `id`, which becomes the map shown. */
function startState(id: string): State {
  useMap(id);
  return { map: id, position: newGame(map).position, orders: '', preset: 'datc', overrides: [] };
}

function encodeState(s: State): string {
  const bytes = new TextEncoder().encode(JSON.stringify(s));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The state of a fragment, or undefined when it is not one of ours (then the page starts afresh). */
function decodeState(fragment: string): State | undefined {
  try {
    const binary = atob(fragment.replace(/-/g, '+').replace(/_/g, '/'));
    const s = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as State;
    if (!Array.isArray(s.position?.units) || typeof s.orders !== 'string') return undefined;
    s.map = typeof s.map === 'string' && bundledMap(s.map) ? s.map : 'standard';
    s.position.dislodged ??= [];
    s.position.contested ??= [];
    s.position.supplyCenters ??= {};
    s.overrides = Array.isArray(s.overrides) ? s.overrides : [];
    s.preset = typeof s.preset === 'string' && s.preset in PRESETS ? s.preset : 'datc';
    return s;
  } catch {
    return undefined;
  }
}

let state: State = decodeState(location.hash.slice(1)) ?? startState('standard');
useMap(state.map);
let selected: string | undefined;

const board = byId('board');
const ordersBox = byId<HTMLTextAreaElement>('orders');
const problemsList = byId('order-problems');
const outcomesList = byId('outcomes');
const positionError = byId('position-error');

/** Orders as the core wants them: a power for each (the heading's, else the owner of the unit ordered). */
function givenOrders(): GivenOrder[] {
  return readOrders(state.orders).orders.map((g) => {
    if (g.power !== undefined) return g;
    const o = g.order;
    const at = o.kind === 'waive' ? undefined : o.unit.location;
    const units = state.position.phase.type === 'retreat' ? state.position.dislodged : state.position.units;
    const power = at === undefined ? undefined : ownerAt(units, at);
    return power === undefined ? g : { ...g, power };
  });
}

function settings(): string[] {
  return ruleSettings(state.preset, state.overrides);
}

/** Adjudicates the phase shown, under the chosen rules. */
function adjudicate(): Result<RenderResult> {
  const rules = resolveRules('datc', settings()).value;
  const orders = givenOrders();
  const p = state.position;
  if (p.phase.type === 'movement') return adjudicateMovement(map, p, orders, rules);
  if (p.phase.type === 'retreat') return adjudicateRetreats(map, p, orders, rules);
  return adjudicateAdjustments(map, p, orders, rules);
}

/** Redraws everything from the state and writes the state into the URL. */
function update(): void {
  const { problems } = readOrders(state.orders);
  showProblems(problemsList, problems);
  ordersBox.classList.toggle('has-problems', problems.length > 0);
  const result = adjudicate();
  positionError.textContent = result.issues.map((i) => i.message).join('; ');
  drawBoard(board, state.position, result.value ? { result: result.value } : { orders: givenOrders() });
  outcomesList.replaceChildren(...(result.value?.orders ?? []).map(outcomeItem));
  if (selected) board.querySelector(`path.province[data-province="${selected}"]`)?.classList.add('selected');
  byId<HTMLSelectElement>('season').value = state.position.phase.season;
  byId<HTMLInputElement>('year').value = String(state.position.phase.year);
  byId<HTMLSelectElement>('phase-type').value = state.position.phase.type;
  byId<HTMLSelectElement>('preset').value = state.preset;
  for (const info of RULE_ISSUES) {
    const select = document.querySelector<HTMLSelectElement>(`select[data-issue="${info.id}"]`);
    const chosen = state.overrides.find((s) => s.startsWith(`${info.id}=`));
    if (select) select.value = chosen ? chosen.slice(info.id.length + 1) : '';
  }
  if (ordersBox.value !== state.orders) ordersBox.value = state.orders;
  ordersBox.placeholder = exampleOrders(state.position);
  history.replaceState(null, '', `#${encodeState(state)}`);
}

/** Puts a unit of `power` in `location`, replacing whatever stood in that province. */
function putUnit(power: string, type: UnitType, location: string): string | undefined {
  const { province, coast } = splitCoast(map, location);
  if (province < 0) return `no such province "${location}"`;
  const code = map.locationCode[province]!;
  const coasts = map.locationCode.filter((c) => c.startsWith(`${code}/`));
  let where = code;
  if (type === 'F' && coasts.length > 0) {
    where = coast ? `${code}/${coast.toUpperCase()}` : coasts[0]!;
  }
  removeUnit(code);
  state.position.units.push({ power, type, location: where });
  return undefined;
}

function removeUnit(province: string): void {
  const p = splitCoast(map, province).province;
  state.position.units = state.position.units.filter((u) => splitCoast(map, u.location).province !== p);
}

/** Puts the unit each order line names where no unit stands yet, for the power of the line (as the DATC does). */
function addUnitsFromOrders(): void {
  for (const g of parseOrders(map, state.orders).value ?? []) {
    const o = g.order;
    if (o.kind === 'waive' || o.kind === 'build' || g.power === undefined) continue;
    if (ownerAt(state.position.units, o.unit.location) === undefined)
      putUnit(g.power, o.unit.type ?? 'A', o.unit.location);
  }
}

function selectProvince(code: string | undefined): void {
  selected = code;
  const input = byId<HTMLInputElement>('unit-location');
  if (code) input.value = code;
  const owner = code ? ownerAt(state.position.units, code) : undefined;
  if (owner) byId<HTMLSelectElement>('unit-power').value = owner;
  update();
}

/** The choices that depend on the map: its powers (and "Neutral" on a map with neutral armies), its locations, its first year. */
function mapChoices(): void {
  byId<HTMLSelectElement>('unit-power').replaceChildren(
    ...unitOwnerNames(map).map((power) => el('option', { value: power }, displayName(power))),
  );
  byId('locations').replaceChildren(...map.locationCode.map((code) => el('option', { value: code })));
  const examples = [map.locationCode[0], map.locationCode.find((code) => code.includes('/'))];
  byId<HTMLInputElement>('unit-location').placeholder = `e.g. ${examples
    .filter((code) => code !== undefined)
    .join(', ')
    .toLowerCase()}`;
  byId<HTMLInputElement>('year').min = String(map.startYear);
  byId<HTMLSelectElement>('sandbox-map').value = state.map;
}

function setup(): void {
  const powerSelect = byId<HTMLSelectElement>('unit-power');
  const mapSelect = byId<HTMLSelectElement>('sandbox-map');
  for (const id of bundledMapIds()) mapSelect.append(el('option', { value: id }, bundledMap(id)!.name));
  mapChoices();
  mapSelect.addEventListener('change', () => {
    state = startState(mapSelect.value);
    selected = undefined;
    mapChoices();
    showMap();
  });
  const presetSelect = byId<HTMLSelectElement>('preset');
  for (const [name, p] of Object.entries(PRESETS))
    presetSelect.append(el('option', { value: name }, `${name}: ${p.description}`));
  const rules = byId('rule-choices');
  for (const info of RULE_ISSUES) {
    const select = el('select', { 'data-issue': info.id, id: `rule-${info.id}` });
    select.append(el('option', { value: '' }, 'as the preset'));
    for (const c of info.choices)
      select.append(el('option', { value: c.name }, `${c.letter}. ${c.description}`));
    const label = el('label', { for: `rule-${info.id}` }, `${info.id} ${info.title}`);
    rules.append(el('div', { class: 'rule' }), label, select);
    select.addEventListener('change', () => {
      state.overrides = state.overrides.filter((s) => !s.startsWith(`${info.id}=`));
      if (select.value) state.overrides.push(`${info.id}=${select.value}`);
      update();
    });
  }
  presetSelect.addEventListener('change', () => {
    state.preset = presetSelect.value;
    update();
  });
  ordersBox.addEventListener('input', () => {
    state.orders = ordersBox.value;
    update();
  });
  board.addEventListener('click', (e) => selectProvince(clickedProvince(e.target)));
  byId('unit-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const problem = putUnit(
      powerSelect.value,
      byId<HTMLSelectElement>('unit-type').value as UnitType,
      byId<HTMLInputElement>('unit-location').value.trim(),
    );
    byId('unit-problem').textContent = problem ?? '';
    update();
  });
  byId('unit-remove').addEventListener('click', () => {
    const where = byId<HTMLInputElement>('unit-location').value.trim();
    if (splitCoast(map, where).province < 0) byId('unit-problem').textContent = `no such province "${where}"`;
    else removeUnit(where);
    update();
  });
  byId('units-from-orders').addEventListener('click', () => {
    addUnitsFromOrders();
    update();
  });
  byId('clear-board').addEventListener('click', () => {
    state.position = { ...state.position, units: [], dislodged: [], contested: [] };
    update();
  });
  byId('start-position').addEventListener('click', () => {
    state = startState(state.map);
    update();
  });
  const phaseChanged = (): void => {
    state.position.phase = {
      season: byId<HTMLSelectElement>('season').value as Position['phase']['season'],
      year: Number(byId<HTMLInputElement>('year').value) || map.startYear,
      type: byId<HTMLSelectElement>('phase-type').value as Position['phase']['type'],
    };
    update();
  };
  for (const id of ['season', 'year', 'phase-type']) byId(id).addEventListener('change', phaseChanged);
  byId('next-phase').addEventListener('click', () => {
    const orders = givenOrders().flatMap((g) =>
      g.power === undefined ? [] : [{ power: g.power, text: '', order: g.order }],
    );
    const next = resolvePhase(map, state.position, orders, {
      victoryCenters: map.victoryCenters,
      rules: settings(),
    });
    if (!next.value) {
      positionError.textContent = next.issues.map((i) => i.message).join('; ');
      return;
    }
    state.position = next.value.next;
    state.orders = '';
    update();
  });
  byId('share').addEventListener('click', () => {
    const link = byId<HTMLInputElement>('share-link');
    link.value = location.href;
    link.select();
    void navigator.clipboard?.writeText(location.href).catch(() => undefined);
  });
  window.addEventListener('hashchange', () => {
    const s = decodeState(location.hash.slice(1));
    if (s && location.hash.slice(1) !== encodeState(state)) {
      state = s;
      useMap(state.map);
      mapChoices();
      showMap();
    }
  });
  document.title = `dipkit sandbox`;
}

/** Draws the board, and again when the art of the map shown has come (a variant's is fetched: common.ts). */
function showMap(): void {
  update();
  if (artKind(map) === 'geographic') return;
  const id = state.map;
  void useMapArt(id).then(() => {
    if (state.map === id && artKind(map) === 'geographic') update();
  });
}

setup();
showMap();
