/**
 * The map, twice: as plain data (`MapDefinition`, what `standard.json` holds) and compiled into integer-indexed
 * tables (`GameMap`), which is what the parser and the adjudicator use.
 *
 * Ids: provinces are numbered 0..provinceCount-1. Locations are the places a unit can stand: location i for
 * i < provinceCount is province i itself; the coasts of multi-coast provinces (SPA/NC, ...) follow after.
 * A fleet in a multi-coast province always stands on one of its coast locations.
 */

export type UnitType = 'A' | 'F';

/** inland ("land"), coastal ("coast") or water ("sea"). */
export type ProvinceKind = 'land' | 'coast' | 'sea';

export interface PowerDefinition {
  /** Canonical name, upper case, as in MILA/dipcc data: "ENGLAND". */
  name: string;
  /** Adjective used in DATC text: "English". */
  adjective: string;
  /** Other spellings accepted on input (case-insensitive): "ENG", "E", ... */
  aliases?: string[];
}

export interface ProvinceDefinition {
  /** Canonical code, upper case: "LON", "NWG", "SPA". */
  code: string;
  /** Full English name: "London", "Norwegian Sea", "St Petersburg". */
  name: string;
  kind: ProvinceKind;
  supplyCenter?: boolean;
  /** Power whose home centre this is. */
  home?: string;
  /** Other codes and names accepted on input (case-insensitive): "NRG", "Norwegian", "St. Petersburg". */
  aliases?: string[];
  /** Provinces an army may move to (codes). */
  army?: string[];
  /** Locations a fleet may move to from here, for provinces without coasts (codes, "SPA/NC" for a coast). */
  fleet?: string[];
  /** For multi-coast provinces only: coast code ("NC", "SC", "EC") to the fleet neighbours of that coast. */
  coasts?: Record<string, string[]>;
}

export interface StartingUnit {
  power: string;
  type: UnitType;
  /** Location code: "LON", "STP/SC". */
  location: string;
}

export interface MapDefinition {
  name: string;
  powers: PowerDefinition[];
  provinces: ProvinceDefinition[];
  startingUnits: StartingUnit[];
  /** Supply centres needed for a solo victory (18 on the standard map). */
  victoryCenters: number;
}

/** The compiled map: integer tables plus the lookups the text layer needs. Immutable once built. */
export interface GameMap {
  readonly name: string;
  readonly definition: MapDefinition;
  readonly provinceCount: number;
  readonly locationCount: number;
  readonly powers: readonly string[];
  /** Province of each location. */
  readonly locationProvince: Int32Array;
  /** Canonical code of each location: "LON", "SPA/NC". */
  readonly locationCode: readonly string[];
  /** Coast code of each location ("NC"), or "" for a province location. */
  readonly locationCoast: readonly string[];
  readonly provinceKind: readonly ProvinceKind[];
  readonly provinceName: readonly string[];
  /** 1 for a supply centre. */
  readonly supplyCenter: Uint8Array;
  /** Index into `powers` of the home power, or -1. */
  readonly homePower: Int32Array;
  /** Coast locations of each province (empty for single-coast provinces). */
  readonly provinceCoasts: readonly (readonly number[])[];
  /** Army neighbours of each province, CSR: armyAdj[armyStart[p] .. armyStart[p+1]). */
  readonly armyStart: Int32Array;
  readonly armyAdj: Int32Array;
  /** Fleet neighbours of each location (as locations), CSR like the army table. */
  readonly fleetStart: Int32Array;
  readonly fleetAdj: Int32Array;
  /** Adjective of each power, parallel to `powers`: "English". */
  readonly powerAdjective: readonly string[];
  /** Province code, name or alias, normalised with `normalizeName` (query.ts), to province id. */
  readonly provinceIndex: ReadonlyMap<string, number>;
  /** Power name, adjective or alias, normalised with `normalizeName`, to index into `powers`. */
  readonly powerIndex: ReadonlyMap<string, number>;
  /** Home centres (province ids, in map order) of each power, parallel to `powers`. */
  readonly homeCenters: readonly (readonly number[])[];
  readonly supplyCenterCount: number;
  /** Supply centres needed for a solo victory. */
  readonly victoryCenters: number;
  /** The units of the first year, in definition order. */
  readonly startingUnits: readonly MapUnit[];
}

/** A unit placed on the compiled map: power index, type, location id. */
export interface MapUnit {
  readonly power: number;
  readonly type: UnitType;
  readonly location: number;
}
