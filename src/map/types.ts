/**
 * The map, twice: as plain data (`MapDefinition`, what `standard.json` holds) and compiled into integer-indexed
 * tables (`GameMap`), which is what the parser and the adjudicator use.
 *
 * Ids: provinces are numbered 0..provinceCount-1. Locations are the places a unit can stand: location i for
 * i < provinceCount is province i itself; the coasts of multi-coast provinces (SPA/NC, ...) follow after.
 * A fleet in a multi-coast province always stands on one of its coast locations.
 */

export type UnitType = 'A' | 'F';

/**
 * inland ("land"), coastal ("coast"), water ("sea"), or "impassable": drawn on the map but no unit may enter or
 * stand there (it has no neighbours).
 */
export type ProvinceKind = 'land' | 'coast' | 'sea' | 'impassable';

export interface PowerDefinition {
  /** Canonical name, upper case, as in MILA/dipcc data: "ENGLAND". */
  name: string;
  /** Adjective used in DATC text: "English". */
  adjective: string;
  /** Other spellings accepted on input (case-insensitive): "ENG", "E", ... */
  aliases?: string[];
  /** Colour the renderer and the web client draw the power in: "#rrggbb". */
  colour?: string;
  /** The name as people read it where it is no plain word ("USSR", "NATO"); default: displayName(name). */
  display?: string;
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
  /**
   * A coastal province whose fleets may convoy, like a sea (godip's "archipelago": Baleares in Ancient
   * Mediterranean, Gibraltar in Empires and Coalitions). Default false.
   */
  convoyable?: boolean;
  /**
   * A home centre that no power owns at the start: its power may build there only after taking it (the minor
   * powers' third centre in Empires and Coalitions). Default false: a home centre starts owned by its power.
   */
  unownedAtStart?: boolean;
}

/**
 * An edge the map means to be one-way: `from` lists `to` (in `army`, or `fleet`/`coasts`), `to` does not list
 * `from`. North Sea Wars: fleets sail from Central North Sea into the trade provinces but never back.
 */
export interface OneWayEdge {
  type: UnitType;
  /** Location codes: "CNS", "SPA/NC". */
  from: string;
  to: string;
}

export interface StartingUnit {
  power: string;
  type: UnitType;
  /** Location code: "LON", "STP/SC". */
  location: string;
}

/**
 * Where a power may build in its adjustment phase:
 * - "home": an unoccupied home centre it owns (the standard rule);
 * - "owned": any unoccupied supply centre it owns (Hundred, Western World 901: "build anywhere");
 * - "owned-home": any unoccupied home centre of any power that it owns, but never a centre that was neutral at the
 *   start (Twenty Twenty).
 */
export type BuildRule = 'home' | 'owned' | 'owned-home';

/**
 * The years between phases. The standard year has its Spring and Fall turns in the same year and the next Spring
 * one year later: `{ springToFall: 0, fallToSpring: 1 }`. Hundred plays one turn every five years and counts
 * supply centres and adjusts every ten: Spring 1425, Fall 1430 (then its adjustments), Spring 1435, ...:
 * `{ springToFall: 5, fallToSpring: 5 }`; its own documents call every turn "Year" (`seasonName`).
 */
export interface Calendar {
  springToFall: number;
  fallToSpring: number;
  /** The name the variant's own records give every season ("Year" in Hundred); absent: Spring/Fall/Winter. */
  seasonName?: string;
}

/**
 * A solo victory decided by the lead over the second power (Twenty Twenty): after the Fall, the power with the
 * most centres wins when it leads the next power by more than `untilYear` minus the current year (and, as
 * always, when it reaches `victoryCenters`).
 */
export interface LeadVictory {
  untilYear: number;
}

/** The rule switches variants need. Every field is optional; absent means the standard rule. */
export interface MapRules {
  /** Default "home". */
  builds?: BuildRule;
  /** false: the variant has no convoy orders (Pure). Default true. */
  convoys?: boolean;
  /** Default { springToFall: 0, fallToSpring: 1 }. */
  calendar?: Calendar;
  leadVictory?: LeadVictory;
  /**
   * true: every neutral supply centre holds a neutral army that always holds, is disbanded when dislodged, and is
   * rebuilt in an adjustment phase while its centre is still neutral and empty (Western World 901). Default false.
   */
  neutralArmies?: boolean;
}

export interface MapDefinition {
  name: string;
  /** One line saying what the map is. */
  description?: string;
  /** Where the facts come from and under which licence. */
  source?: string;
  powers: PowerDefinition[];
  provinces: ProvinceDefinition[];
  startingUnits: StartingUnit[];
  /** Supply centres needed for a solo victory (18 on the standard map). */
  victoryCenters: number;
  /** The year of the first phase, a Spring movement. Default 1901. */
  startYear?: number;
  rules?: MapRules;
  /** Edges without a return edge, on purpose; any other edge must have its return edge. */
  oneWayEdges?: OneWayEdge[];
  /** The board's own art in the geometry format of docs/geometry.md; drawn instead of the schematic layout. */
  art?: object;
}

/** `MapRules` with every default filled in. */
export interface CompiledRules {
  readonly builds: BuildRule;
  readonly convoys: boolean;
  readonly calendar: Readonly<Calendar>;
  readonly leadVictory: Readonly<LeadVictory> | undefined;
  readonly neutralArmies: boolean;
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
  /**
   * Owner (index into `powers`) of each province at the start of a game, or -1: every home centre's power, except
   * for home centres marked `unownedAtStart`.
   */
  readonly startOwner: Int32Array;
  /**
   * 1 for a province where a fleet can convoy and through which a convoy route may pass: every sea, and every
   * coastal province marked `convoyable` (Baleares, Gibraltar). Every convoy rule asks this, never the kind.
   */
  readonly convoyCapable: Uint8Array;
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
  /**
   * The units of the first year, in definition order; on a map with neutral armies, followed by a neutral army
   * (power `neutralPower`) on every supply centre that no power owns at the start and no starting unit holds.
   */
  readonly startingUnits: readonly MapUnit[];
  /** The year of the first phase (a Spring movement). */
  readonly startYear: number;
  readonly rules: CompiledRules;
  /** Colour of each power, parallel to `powers` (a default palette fills what the definition leaves out). */
  readonly powerColour: readonly string[];
  /**
   * The power index of neutral units (`rules.neutralArmies`, Western World 901): `powers.length`, one past the
   * players, so that no player's index and no centre owner is ever it; -1 on a map without neutral armies. In
   * text form a neutral unit's power is "NEUTRAL" (src/map/neutral.ts).
   */
  readonly neutralPower: number;
}

/** A unit placed on the compiled map: power index, type, location id. */
export interface MapUnit {
  readonly power: number;
  readonly type: UnitType;
  readonly location: number;
}
