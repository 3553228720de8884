import { formatNumber } from '../../lib/format';

// The part of a run's credits the service charged for answers that never arrived (the run was
// killed while they were on the wire), worked out from the account balance at the next resume;
// and, when the balance could not say, that the total may miss some.

export function UnreceivedCredits(props: {
  unreceived: number;
  unattributable: number;
}): React.JSX.Element | null {
  const { unreceived, unattributable } = props;
  if (unreceived === 0 && unattributable === 0) return null;
  return (
    <>
      {unreceived > 0 && (
        <>
          <dt>Of which charged without a result</dt>
          <dd data-testid="credits-unreceived">
            {formatNumber(unreceived)} (answers that never arrived: the run was stopped while they were on the
            wire; from the account balance)
          </dd>
        </>
      )}
      {unattributable > 0 && (
        <>
          <dt>Not attributable</dt>
          <dd data-testid="credits-unattributable">
            {unattributable} interrupted session(s): other use of the account at the same time hides what they
            were charged, so the total may miss credits charged without a result
          </dd>
        </>
      )}
    </>
  );
}
