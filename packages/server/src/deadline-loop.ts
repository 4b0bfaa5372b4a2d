/**
 * The deadline loop: every `tick` ms, the phases whose deadline has passed are processed (processing.ts's
 * processDue). It outlives its database: while the database is away each round fails and the next one tries
 * again, and the outage is logged once when it starts and once when it ends, not every tick.
 */
import type { Db } from './db.js';
import { processDue } from './processing.js';

export function startDeadlineLoop(db: Db, instance: string, tick: number): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failing: string | undefined;
  const round = async (): Promise<void> => {
    try {
      await processDue(db, instance);
      if (failing !== undefined) {
        process.stderr.write('dipkit serve: processing deadlines again\n');
        failing = undefined;
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (failing === undefined) {
        process.stderr.write(`dipkit serve: processing deadlines: ${message} (retrying)\n`);
      }
      failing = message;
    }
    if (!stopped) timer = setTimeout(() => void round(), tick);
  };
  void round();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
