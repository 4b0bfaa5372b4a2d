/**
 * What a game is played under, as the lobby's rows and the game page show it: the rule preset, every choice that
 * differs from the DATC preferences, the centres to win, the year limit, the deadlines and whether it is paused.
 */
import { mapNamed, type GameOptions } from 'dipkit';
import type { Settings } from './rows.js';

export interface RulesSummary {
  preset?: string;
  rules: string[];
  victoryCenters?: number;
  maxYear?: number;
  deadlines: Settings['deadlines'];
  paused: boolean;
}

export function rulesSummary(map: string, options: GameOptions, settings: Settings): RulesSummary {
  const summary: RulesSummary = {
    rules: options.rules ?? [],
    deadlines: settings.deadlines,
    paused: settings.paused !== undefined,
  };
  if (settings.preset !== undefined) summary.preset = settings.preset;
  const victoryCenters = options.victoryCenters ?? mapNamed(map)?.victoryCenters;
  if (victoryCenters !== undefined) summary.victoryCenters = victoryCenters;
  if (options.maxYear !== undefined) summary.maxYear = options.maxYear;
  return summary;
}

/** The JSON schema of those fields, for the listing's rows. */
export const rulesSummarySchema = {
  preset: { type: 'string', description: 'the rule preset the game was created with ("datc")' },
  rules: {
    type: 'array',
    items: { type: 'string' },
    description: 'settings that differ from the DATC preferences',
  },
  victoryCenters: { type: 'integer' },
  maxYear: { type: 'integer', description: 'the year limit: after its last phase the game is drawn' },
  deadlines: {
    type: ['object', 'null'],
    properties: {
      movement: { type: 'integer' },
      retreat: { type: 'integer' },
      adjustment: { type: 'integer' },
    },
    additionalProperties: false,
  },
  paused: { type: 'boolean' },
} as const;
