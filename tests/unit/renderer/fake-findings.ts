import { findChanges } from '../../../src/shared/analytics/findings';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import { driftHistory } from '../findings/drift-fixture';
import { inputOf } from '../findings/fixture';

// findings.list's answer in the component tests: the engine's own findings on the drift fixture
// (tests/unit/findings), so the card shows what main would send.

export function sampleFindings(): FindingsListView {
  return { ...findChanges(inputOf(driftHistory())), judge: 'builtin', empty: null };
}
