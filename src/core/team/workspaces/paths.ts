import { join } from 'node:path';
import { WORKSPACE_SLUG } from '../../platform';
import { WorkspaceError } from './errors';

// Where each workspace's history lives. The default workspace is the history the app always
// had (<data folder>/parallax.db), so upgrading moves no file; every other workspace has a
// folder of its own: <data folder>/workspaces/<slug>/parallax.db.

export const DEFAULT_WORKSPACE = 'default';
export const WORKSPACE_ENV = 'PARALLAX_WORKSPACE';
export const WORKSPACES_FOLDER = 'workspaces';

export function workspaceFolder(dataFolder: string, slug: string): string {
  return slug === DEFAULT_WORKSPACE ? dataFolder : join(dataFolder, WORKSPACES_FOLDER, slug);
}

export function workspaceDbPath(dataFolder: string, slug: string): string {
  return join(workspaceFolder(dataFolder, slug), 'parallax.db');
}

export function isWorkspaceSlug(text: string): boolean {
  return WORKSPACE_SLUG.test(text);
}

/** "Acme Corp." → "acme-corp": lower case, accents dropped, anything else a dash, at most 63. */
export function toSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  if (!isWorkspaceSlug(slug)) {
    throw new WorkspaceError(
      'invalid-name',
      `"${name}" makes no workspace name: use letters or digits (e.g. "Acme Corp").`,
    );
  }
  return slug;
}
