/**
 * The tests StrykerJS runs against each mutant of src/adjudication/ (`npm run test:mutation`, stryker.config.json):
 * the DATC cases, the alternative-rule outcomes, the rule-choice cases and their catalogue, the engine cases, moves
 * longer than the solver's recursion bound, the movement cases through the integer way (codes-cases) and the checks
 * of input only a library caller can give, in one process, so that a mutant costs one start of Node. Under `npm test` the
 * same files run on their own; this file only imports them.
 */
import './datc.test.js';
import './datc-alternatives.test.js';
import './rules.test.js';
import './rule-catalogue.test.js';
import './engine-cases.test.js';
import './adjudication-input.test.js';
import './long-chains.test.js';
import './movement-result.test.js';
import './codes-cases.test.js';
