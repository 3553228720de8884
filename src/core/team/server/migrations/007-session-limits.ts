// Team schema version 7: no session waits or holds a lock for ever. Before, nothing bounded how
// long a statement waited for a lock, ran, or how long a transaction stayed open doing nothing: a
// member who opened a transaction, made a results month and walked away held locks every other
// workspace's push needed (the jobs table, the default partition), and those pushes waited for as
// long as it stayed open. Every new session of the team's database now starts with these limits
// (ALTER DATABASE … SET, so they apply to hand-written sessions too, not only to Parallax's, which
// sets them as well: client.ts). They are defaults a session may lower or raise for itself; the
// one that matters against a member who raises its own is lock_timeout in everyone else's
// session: a push gives up waiting with one clear line instead of hanging. The owner changes them
// with ALTER DATABASE <database> SET lock_timeout = '…' (guides/team.md, "Security").
//
// The database's owner may set them (the guide creates the database owned by the team's owner); a
// schema owner who does not own the database gets a warning and the limits Parallax's own
// sessions set for themselves.
export const SESSION_LIMITS = {
  lock_timeout: '30s',
  statement_timeout: '10min',
  idle_in_transaction_session_timeout: '2min',
} as const;

const settings = Object.entries(SESSION_LIMITS)
  .map(
    ([name, value]) =>
      `    EXECUTE format('ALTER DATABASE %I SET ${name} = %L', current_database(), '${value}');`,
  )
  .join('\n');

export const sessionLimitsSql = /* sql */ `
DO $$
BEGIN
${settings}
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'the team''s session limits were not set on database %: only its owner may (ALTER DATABASE … SET lock_timeout, statement_timeout, idle_in_transaction_session_timeout)', current_database();
END $$;
`;
