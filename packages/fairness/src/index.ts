// The public surface of @levelfield/fairness. Subpaths: ./seeds (demo comparisons), ./normalize.
export { CHECK_IDS, CHECKS, checkById, runCheck, runChecks } from './catalogue.ts';
export type { CheckDefinition } from './check.ts';
export { checkClient1, checkClient2, checkClient3, checkClient4, checkClient5 } from './checks/client.ts';
export {
  checkDisc1,
  checkDisc2,
  checkDisc3,
  checkDisc4,
  checkDisc5,
  DIMENSION_GROUPS,
} from './checks/disclosure.ts';
export { checkCost1, checkCost2, checkHw1, checkHw2, checkHw3, checkHw4 } from './checks/hardware.ts';
export {
  checkMeas1,
  checkMeas2,
  checkMeas3,
  checkMeas4,
  checkMeas5,
  checkMeas6,
  checkMeas7,
  checkMeas8,
} from './checks/measurement.ts';
export { checkSw1, checkSw2, checkSw3 } from './checks/software.ts';
export { checkDur1, checkDur2, checkIso1, checkIso2, checkTopo1, checkTopo2 } from './checks/topology.ts';
export { checkWl1, checkWl2, checkWl3, checkWl4, checkWl5, checkWl6 } from './checks/workload.ts';
export { applyDecisions, isOpen } from './decisions.ts';
export {
  CheckDecision,
  CheckEvidence,
  CheckMode,
  type CheckOutcome,
  CheckResult,
  CheckState,
  ComparisonInput,
  type ComparisonInputRaw,
  ComparisonSubject,
  Entry,
  PublishedValue,
  RunInput,
  SeriesInput,
  SeriesSummary,
  SubjectPath,
  ValueQuality,
} from './schema.ts';
