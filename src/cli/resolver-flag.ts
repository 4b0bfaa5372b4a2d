/**
 * `--resolver NAME`, shared by the commands that adjudicate movement (adjudicate, datc, replay): which movement
 * resolver decides. The two DATC resolvers (partial-information, the default, and guess) give the same results;
 * haplomacy is the procedural algorithm of the Haplomacy thesis, deliberately not DATC-compliant
 * (docs/haplomacy-vs-datc.md).
 */
import { adjudicateHaplomacy } from '../adjudication/haplomacy/adjudicate.js';
import { adjudicateMovement, type ResolverName } from '../adjudication/movement/adjudicate.js';
import type { MovementAdjudicator } from '../game/game.js';
import type { Report } from './io.js';

export type { MovementAdjudicator } from '../game/game.js';

export type MovementResolverName = ResolverName | 'haplomacy';

export const RESOLVERS: readonly MovementResolverName[] = ['partial-information', 'guess', 'haplomacy'];

export const resolverFlag = { resolver: { type: 'string' } } as const;

export const resolverFlagHelp = `  --resolver NAME        movement resolver: partial-information (default; DATC 5.E), guess (DATC 5.F), or
                         haplomacy (a procedural algorithm, not DATC-compliant: docs/haplomacy-vs-datc.md)`;

/** The resolver the flag names (default partial-information); prints the problem and returns undefined if unknown. */
export function resolverFromFlag(
  command: string,
  value: string | undefined,
  report?: Report,
): MovementResolverName | undefined {
  const name = value ?? 'partial-information';
  if ((RESOLVERS as readonly string[]).includes(name)) return name as MovementResolverName;
  if (report) {
    report.usageError('unknown-resolver', `unknown resolver "${name}" (expected ${RESOLVERS.join(', ')})`);
    return undefined;
  }
  process.stderr.write(
    `dipkit ${command}: unknown resolver "${name}" (expected ${RESOLVERS.join(', ')})\nRun "dipkit ${command} --help" for usage.\n`,
  );
  return undefined;
}

/** The adjudicator of a resolver. */
export function movementAdjudicator(resolver: MovementResolverName): MovementAdjudicator {
  if (resolver === 'haplomacy')
    return (map, position, orders, rules) => adjudicateHaplomacy(map, position, orders, rules);
  return (map, position, orders, rules) => adjudicateMovement(map, position, orders, rules, { resolver });
}
