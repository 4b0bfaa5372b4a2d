/**
 * The check an import must pass (issue 26): every recorded phase follows from the one before, as `dipkit replay`
 * decides (the core's `replay`). A MILA/dipcc recording may follow its engine's rules instead of the game's: it
 * passes when it replays under the rules it records, or under the dipcc or MILA preset.
 */
import {
  PRESETS,
  describeRules,
  gameFromJson,
  looksLikeMila,
  mapNamed,
  readMilaJson,
  recordedFromGame,
  recordedFromMila,
  replay,
  resolveRules,
  type Game,
  type RecordedGame,
} from 'dipkit';
import type { ProblemIssue } from './problems.js';
import { gameRows, type GameRows } from './game-rows.js';

export type ImportCheck =
  | { ok: true; game: GameRows }
  | { ok: false; status: number; code: string; detail: string; issues: ProblemIssue[] };

const ENGINE_PRESETS = ['dipcc', 'mila'] as const;

function badGame(detail: string, issues: ProblemIssue[]): ImportCheck {
  return { ok: false, status: 422, code: 'bad-game', detail, issues };
}

/** The first phase of `recorded` whose result is not the next recorded phase, or undefined when all follow. */
function firstDifference(recorded: RecordedGame): ProblemIssue | undefined {
  const map = mapNamed(recorded.map);
  if (!map) return { code: 'unknown-map', message: `unknown map "${recorded.map}"` };
  const report = replay(map, recorded);
  for (const [i, check] of report.phases.entries()) {
    if (check.pass) continue;
    const next = recorded.phases[i + 1]?.name ?? '?';
    return {
      code: 'phase-differs',
      message: `phase ${next} does not follow from ${check.phase}: ${check.differences.join('; ')}`,
    };
  }
  return undefined;
}

/** The recording with the rules of an engine preset in place of the rules it records. */
function withPreset(recorded: RecordedGame, preset: (typeof ENGINE_PRESETS)[number]): RecordedGame {
  const rules = resolveRules(preset).value;
  const unretreatable = PRESETS[preset]?.flow?.unretreatable ?? 'disband';
  const options = { ...recorded.options, rules: rules ? describeRules(rules) : [], unretreatable };
  return { ...recorded, options };
}

/** Reads an imported game and checks its history; the rows to store, or a problem. */
export function checkImport(json: unknown): ImportCheck {
  if (looksLikeMila(json)) {
    const text = JSON.stringify(json);
    const read = readMilaJson(text);
    if (!read.value) return badGame(read.issues.map((i) => i.message).join('; '), read.issues);
    const recorded = recordedFromMila(json).value?.recorded;
    if (!recorded) return badGame('not a MILA/dipcc game', []);
    return replayed(recorded, read.value);
  }
  const read = gameFromJson(json);
  if (!read.value) return badGame(read.issues.map((i) => i.message).join('; '), read.issues);
  // A dipkit file exported from a MILA/dipcc record keeps the rules that record named, so it may follow only
  // under the recording engine's preset, as the record itself did.
  return replayed(recordedFromGame(read.value), read.value);
}

/** `game`'s rows when its recording follows phase by phase under its own rules or a recording engine's preset. */
function replayed(recorded: RecordedGame, game: Game): ImportCheck {
  const own = firstDifference(recorded);
  if (own && ENGINE_PRESETS.every((preset) => firstDifference(withPreset(recorded, preset)) !== undefined)) {
    return badGame(`${own.message} (nor under the dipcc or MILA rules)`, [own]);
  }
  return { ok: true, game: gameRows(game) };
}
