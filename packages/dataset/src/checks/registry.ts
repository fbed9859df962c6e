/**
 * The registry of validation checks, in report order: `validateBenchmark` runs them in this order, the report
 * lists them in this order, and issues come out in this order.
 */

import { bugTypeOnlyOnDistractors } from './bug-type-only-on-distractors.js';
import { cacheOutcomeCount } from './cache-outcome-count.js';
import { canonicalSingleOwner } from './canonical-single-owner.js';
import { canonicalsPass } from './canonicals-pass.js';
import type { CheckDefinition, ValidationCheck } from './check.js';
import { correctIdsExist } from './correct-ids-exist.js';
import { distractorCount } from './distractor-count.js';
import { distractorDiffers } from './distractor-differs.js';
import { distractorHasBugType } from './distractor-has-bug-type.js';
import { distractorIdsExist } from './distractor-ids-exist.js';
import { distractorSingleOwner } from './distractor-single-owner.js';
import { distractorsDefineFunction } from './distractors-define-function.js';
import { distractorsFail } from './distractors-fail.js';
import { domain } from './domain.js';
import { functionDefined } from './function-defined.js';
import { labelsMatchRoles } from './labels-match-roles.js';
import { languageAgrees } from './language-agrees.js';
import { metadataCoverage } from './metadata-coverage.js';
import { noOrphanSnippets } from './no-orphan-snippets.js';
import { oneCanonicalPerQuery } from './one-canonical-per-query.js';
import { queryText } from './query-text.js';
import { snippetsParse } from './snippets-parse.js';
import { sourceEntryId } from './source-entry-id.js';
import { testSuiteSize } from './test-suite-size.js';
import { testsAreAsserts } from './tests-are-asserts.js';
import { testsCallFunction } from './tests-call-function.js';
import { testsUnique } from './tests-unique.js';
import { uniqueCode } from './unique-code.js';
import { uniqueCorpusIds } from './unique-corpus-ids.js';
import { uniqueQueryIds } from './unique-query-ids.js';

/** Every check with its implementation, in report order. */
export const CHECK_DEFINITIONS: readonly CheckDefinition[] = [
  uniqueCorpusIds,
  uniqueQueryIds,
  queryText,
  correctIdsExist,
  distractorIdsExist,
  oneCanonicalPerQuery,
  canonicalSingleOwner,
  distractorSingleOwner,
  noOrphanSnippets,
  labelsMatchRoles,
  bugTypeOnlyOnDistractors,
  distractorHasBugType,
  distractorCount,
  distractorDiffers,
  uniqueCode,
  sourceEntryId,
  languageAgrees,
  domain,
  testSuiteSize,
  testsAreAsserts,
  testsUnique,
  functionDefined,
  testsCallFunction,
  distractorsDefineFunction,
  snippetsParse,
  metadataCoverage,
  canonicalsPass,
  distractorsFail,
  cacheOutcomeCount,
];

/**
 * Every check `validateBenchmark` runs, in report order: its id (the `code` of its issues) and what it verifies.
 *
 * @example
 * VALIDATION_CHECKS.length;  // 29
 * VALIDATION_CHECKS[0];      // { id: 'unique-corpus-ids', description: 'every corpus_id occurs once' }
 */
export const VALIDATION_CHECKS: readonly ValidationCheck[] = CHECK_DEFINITIONS.map(({ id, description }) => ({
  id,
  description,
}));
