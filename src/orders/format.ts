/**
 * Orders to text, in three styles that `parseOrder` reads back to the same order:
 * - 'mila' (the default, canonical): `A PAR - BUR`, `F MAO - SPA/NC`, `A MUN S A BUR - MAR`, `F NTH C A LON - NWY`,
 *   `A LON - NWY VIA`, `A YOR - NTH - BEL`, `A PAR H`, `A PAR D`, `F STP/SC B`, `WAIVE`.
 * - 'long' (DATC): `F North Sea - Picardy`, `A Wales Supports F London - Yorkshire`, `F Spain(nc) - Gascony`,
 *   `A Spain - Portugal via convoy`, `Build F St Petersburg(nc)`, `Disband A Picardy`.
 * - 'short' (jDip): `F nth-pic`, `A wal S F lon-yor`, `F nth C A yor-hol`, `A bel-hol via convoy`, `Build A kie`.
 *
 * A unit without a type prints without a letter (`PAR - BUR`); a power named with a unit prints before it
 * (`S FRANCE A PAR`, `Supports French A Paris`). A retreat is a move, so `F BLA R SEV` prints as `F BLA - SEV`.
 */
import type { GameMap } from '../map/types.js';
import type { GivenOrder, Order, UnitRef } from './types.js';

export type OrderStyle = 'mila' | 'long' | 'short';

const provinceIds = new WeakMap<GameMap, Map<string, number>>();

/** Province id of a canonical province code ("SPA"), or -1. */
function provinceOfCode(map: GameMap, code: string): number {
  let ids = provinceIds.get(map);
  if (!ids) {
    ids = new Map();
    for (let p = 0; p < map.provinceCount; p++) ids.set(map.locationCode[p] ?? '', p);
    provinceIds.set(map, ids);
  }
  return ids.get(code.toUpperCase()) ?? -1;
}

/**
 * A location code ("SPA/NC", "LON", or one with a coast the province lacks, "GAS/NC") as text: `SPA/NC` (mila),
 * `Spain(nc)` (long), `spa/nc` (short). A code the map does not know is printed as given.
 */
export function formatLocation(map: GameMap, code: string, style: OrderStyle = 'mila'): string {
  const slash = code.indexOf('/');
  const province = slash < 0 ? code : code.slice(0, slash);
  const coast = slash < 0 ? '' : code.slice(slash + 1);
  switch (style) {
    case 'mila':
      return code.toUpperCase();
    case 'short':
      return code.toLowerCase();
    case 'long': {
      const p = provinceOfCode(map, province);
      const name = p >= 0 ? (map.provinceName[p] ?? province) : province;
      return coast === '' ? name : `${name}(${coast.toLowerCase()})`;
    }
  }
}

/** "ENGLAND" as `ENGLAND` (mila), `English` (long, DATC's adjective), `england` (short). */
function formatPower(map: GameMap, power: string, style: OrderStyle): string {
  switch (style) {
    case 'mila':
      return power;
    case 'short':
      return power.toLowerCase();
    case 'long': {
      const i = map.powers.indexOf(power);
      return (i >= 0 ? map.powerAdjective[i] : undefined) ?? titleCase(power);
    }
  }
}

/** "ENGLAND" -> "England". */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

function formatUnit(map: GameMap, unit: UnitRef, style: OrderStyle): string {
  let text = formatLocation(map, unit.location, style);
  if (unit.type !== undefined) text = `${unit.type} ${text}`;
  if (unit.power !== undefined) text = `${formatPower(map, unit.power, style)} ${text}`;
  return text;
}

/** Move text after the unit: ` - NTH - BEL` (mila, long) or `-nth-bel` (short). */
function formatStops(map: GameMap, stops: readonly string[], style: OrderStyle): string {
  const sep = style === 'short' ? '-' : ' - ';
  return stops.map((s) => sep + formatLocation(map, s, style)).join('');
}

/** One order as text, in the given style (default 'mila', the canonical form). */
export function formatOrder(map: GameMap, order: Order, style: OrderStyle = 'mila'): string {
  const long = style === 'long';
  const mila = style === 'mila';
  switch (order.kind) {
    case 'waive':
      return mila ? 'WAIVE' : 'Waive';
    case 'hold':
      return `${formatUnit(map, order.unit, style)} ${long ? 'Holds' : 'H'}`;
    case 'move': {
      const path = order.path ?? [];
      let text = formatUnit(map, order.unit, style) + formatStops(map, [...path, order.to], style);
      // A path implies a convoy: `A YOR - NTH - BEL` says it already.
      if (order.viaConvoy === true && path.length === 0) text += mila ? ' VIA' : ' via convoy';
      return text;
    }
    case 'support': {
      let text = `${formatUnit(map, order.unit, style)} ${long ? 'Supports' : 'S'} ${formatUnit(map, order.supported, style)}`;
      if (order.to !== undefined) text += formatStops(map, [order.to], style);
      return text;
    }
    case 'convoy':
      return (
        `${formatUnit(map, order.unit, style)} ${long ? 'Convoys' : 'C'} ${formatUnit(map, order.army, style)}` +
        formatStops(map, [order.to], style)
      );
    case 'disband':
      if (mila) return `${formatUnit(map, order.unit, style)} D`;
      return long
        ? `Disband ${formatUnit(map, order.unit, style)}`
        : `${formatUnit(map, order.unit, style)} disband`;
    case 'build':
      return mila ? `${formatUnit(map, order.unit, style)} B` : `Build ${formatUnit(map, order.unit, style)}`;
  }
}

/**
 * An order with its power, when known: `ENGLAND: A LON - NWY VIA` (mila), `England: A London - Norway via convoy`
 * (long, short).
 */
export function formatGivenOrder(map: GameMap, given: GivenOrder, style: OrderStyle = 'mila'): string {
  const text = formatOrder(map, given.order, style);
  if (given.power === undefined) return text;
  return `${style === 'mila' ? given.power : titleCase(given.power)}: ${text}`;
}
