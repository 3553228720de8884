// Team schema version 3: what the always-on runner needs on top of
// version 1's runner_claims. A claim carries a lease: the runner that holds it moves
// lease_until forward with each heartbeat, so a claim whose lease has passed belongs to a
// runner that died (kill -9, a lost machine) and another takes it over, resuming the same run.
// host and pid say who holds it (logs, `runner_claims` queries); takeovers counts the hands a
// due slot passed through; answers and credits are the finished run's figures, so a claim row
// alone answers "what did this slot cost". Times are the server's (now()), so runners' clocks
// never decide who may take over.
export const runnerSql = /* sql */ `
ALTER TABLE parallax.runner_claims
  ADD COLUMN host        text,
  ADD COLUMN pid         integer,
  ADD COLUMN lease_until timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN takeovers   integer     NOT NULL DEFAULT 0,
  ADD COLUMN answers     integer,
  ADD COLUMN credits     double precision;
CREATE INDEX runner_claims_expired ON parallax.runner_claims (lease_until) WHERE state = 'running';
`;
