import type { TeamClient } from './client';
import { TeamError } from './errors';
import { TEAM_MIGRATIONS, type TeamMigration } from './migrations';

// The team schema's version and its upgrade: each migration in one transaction with its row in
// parallax.schema_version, under an advisory lock so two Parallaxes initialising at once take
// turns (the second finds the work done). A database whose schema is newer than this Parallax
// knows is refused before anything is written.

/** Key of the advisory lock held while migrating (any constant; this one spells "plxt"). */
const MIGRATION_LOCK = 0x706c7874;

/** The number of the newest migration this Parallax knows. */
export const TEAM_SCHEMA_VERSION = checkTeamMigrationList(TEAM_MIGRATIONS);

export function checkTeamMigrationList(migrations: readonly TeamMigration[]): number {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(
        `Team migration list is out of order: position ${i + 1} holds version ${m.version} (${m.name})`,
      );
    }
  });
  return migrations.length;
}

/**
 * The team schema's version: null when the database has no Parallax schema at all. Throws
 * TeamError('foreign-schema') for a `parallax` schema that is not ours.
 */
export async function readTeamSchemaVersion(client: TeamClient): Promise<number | null> {
  const { rows } = await client.query<{ schema: boolean; versions: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'parallax') AS schema,
            to_regclass('parallax.schema_version') IS NOT NULL AS versions`,
  );
  const found = rows[0];
  if (!found?.schema) return null;
  if (!found.versions) {
    throw new TeamError(
      'foreign-schema',
      'This database has a schema named "parallax" that is not a Parallax team schema (no schema_version table); use another database.',
    );
  }
  const version = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM parallax.schema_version',
  );
  return version.rows[0]?.version ?? 0;
}

function newerError(found: number, known: number): TeamError {
  return new TeamError(
    'newer-schema',
    `The team database's schema is version ${found}, newer than this Parallax knows (version ${known}): update Parallax to connect to it.`,
  );
}

/** Checks the schema a member connects to: present, and exactly this Parallax's version. */
export async function checkTeamSchema(client: TeamClient, known = TEAM_SCHEMA_VERSION): Promise<number> {
  const found = await readTeamSchemaVersion(client);
  if (found === null) {
    throw new TeamError(
      'no-schema',
      'This database has no Parallax team schema yet. The team owner creates it once with `parallax team connect URL --init`.',
    );
  }
  if (found > known) throw newerError(found, known);
  if (found < known) {
    throw new TeamError(
      'older-schema',
      `The team database's schema is version ${found} and this Parallax needs version ${known}: the team owner upgrades it with \`parallax team connect URL --init\`.`,
    );
  }
  return found;
}

/** Creates or upgrades the team schema; returns the versions before and after. */
export async function applyTeamMigrations(
  client: TeamClient,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  const known = checkTeamMigrationList(migrations);
  const from = (await readTeamSchemaVersion(client)) ?? 0;
  if (from > known) throw newerError(from, known);
  for (const migration of migrations.slice(from)) {
    await client.transaction(async () => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      // Another Parallax may have applied it while this one waited for the lock.
      const now = (await readTeamSchemaVersion(client)) ?? 0;
      if (now >= migration.version) return;
      // A migration may rewrite large tables: the team's statement_timeout is for teammates' sessions.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query(migration.sql);
      await client.query('INSERT INTO parallax.schema_version (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
  return { from, to: Math.max(from, known) };
}
