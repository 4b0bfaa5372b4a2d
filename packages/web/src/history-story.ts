/**
 * The history on the game page: a played phase drawn with every mark (orders and outcomes, standoffs,
 * dislodgements, retreat options) and its results in words, each dislodgement spelled out ("dislodged by F HOL;
 * may retreat to BUR, PIC"), from the core's phase story.
 */
import {
  datcWords,
  formatGivenOrder,
  parsePhaseName,
  phaseMarks,
  resolveRules,
  resultLines,
  type PhaseMarks,
  type Position,
} from 'dipkit';
import type { GameView, HistoryPhase } from './api.js';
import { el, map } from './common.js';

export function playedPosition(h: HistoryPhase): Position {
  return {
    ...h.position,
    phase: parsePhaseName(h.phase) ?? { season: 'spring', year: 1901, type: 'movement' },
  };
}

/** The renderer's `result` for a played phase, under the game's rules. */
export function historyMarks(view: GameView, h: HistoryPhase): PhaseMarks {
  const rules = resolveRules('datc', view.rules ?? []).value;
  return phaseMarks(map, { ...h, position: playedPosition(h) }, rules);
}

/** The results of a played phase as list items: the order (DATC long form), its outcome, the dislodgement. */
export function historyItems(view: GameView, h: HistoryPhase): HTMLLIElement[] {
  const played = { ...h, position: playedPosition(h) };
  return resultLines(played, historyMarks(view, h)).map((line) => {
    const o = line.outcome;
    const li = el('li', {
      class: `outcome ${o?.resolution ?? 'note'}${line.dislodged ? ' dislodged' : ''}`,
    });
    // The DATC's words for the order ("fails, dislodged"), as the other lists of outcomes carry them.
    if (o) li.setAttribute('data-words', datcWords(o));
    if (o) li.append(el('strong', {}, formatGivenOrder(map, o.given, 'long')), document.createTextNode(' '));
    else if (line.unit !== '') li.append(el('strong', {}, line.unit), document.createTextNode(' '));
    li.append(document.createTextNode(line.text));
    return li;
  });
}
