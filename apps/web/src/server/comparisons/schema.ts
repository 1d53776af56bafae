// Inputs of the comparison procedures: the forms' schemas (lib/schemas/comparisons.ts), one each,
// so a form and its procedure refuse the same input with the same messages.
import 'server-only';

export {
  Claim,
  CreateComparison,
  type CreateComparisonInput,
  DecideCheck,
  Sweep,
} from '~/lib/schemas/comparisons';
