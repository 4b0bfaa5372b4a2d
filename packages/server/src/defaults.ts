/**
 * What a game gets when its creator says nothing, chosen so that games finish: a deadline per phase type (a day to
 * write movement orders, half a day for retreats and adjustments) and a year limit (twenty years of play by the
 * map's calendar: 1920 on the standard map), after which the game is drawn among the powers still standing (the
 * core's rule for `maxYear`).
 */
import { fallYearOfTurn, type GameMap } from 'dipkit';
import type { Deadlines } from './rows.js';

export const DEFAULT_DEADLINES: Required<Deadlines> = {
  movement: 86_400,
  retreat: 43_200,
  adjustment: 43_200,
};

/** Years a game is played before the year limit draws it. */
export const DEFAULT_YEARS = 20;

export function defaultMaxYear(map: GameMap): number {
  return fallYearOfTurn(map, DEFAULT_YEARS);
}

/** The deadlines asked for: none given means the defaults, `null` (or `{}`) means no deadlines. */
export function deadlinesOf(asked: Deadlines | null | undefined): Deadlines | null {
  if (asked === undefined) return { ...DEFAULT_DEADLINES };
  return asked === null || Object.keys(asked).length === 0 ? null : asked;
}
