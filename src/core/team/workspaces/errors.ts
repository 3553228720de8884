import { AppError } from '../../platform';

/** A workspace named wrongly: not found, already there, or a name that makes no folder name. */
export class WorkspaceError extends AppError {
  constructor(
    readonly kind: 'not-found' | 'exists' | 'invalid-name' | 'runs-active',
    message: string,
  ) {
    super(`WORKSPACE_${kind.toUpperCase().replace(/-/g, '_')}`, message);
  }
}
