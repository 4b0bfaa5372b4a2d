/** A board position: the units, any dislodged units waiting to retreat, supply-centre owners and the phase. */
import type { UnitType } from '../map/types.js';

export type Season = 'spring' | 'fall' | 'winter';
export type PhaseType = 'movement' | 'retreat' | 'adjustment';

export interface Phase {
  season: Season;
  year: number;
  type: PhaseType;
}

export interface Unit {
  /** Canonical power name: "ENGLAND". */
  power: string;
  type: UnitType;
  /** Canonical location code: "LON", "SPA/NC" (a fleet on a multi-coast province always has its coast). */
  location: string;
}

export interface DislodgedUnit extends Unit {
  /** Province the successful attacker came from (canonical code); it may not retreat there (DATC 4.A.5). */
  attackerFrom: string;
  /** True when the attacker came by convoy: then it may retreat to `attackerFrom` (DATC 4.A.5 b). */
  byConvoy?: boolean;
}

export interface Position {
  phase: Phase;
  units: Unit[];
  /** Units dislodged in the movement phase before this retreat phase. */
  dislodged: DislodgedUnit[];
  /** Provinces left empty by a standoff in the movement phase before this retreat phase (no retreat there). */
  contested: string[];
  /** Supply-centre owners: power name to the province codes it owns. */
  supplyCenters: Record<string, string[]>;
}
