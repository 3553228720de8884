import type { OutcomesService } from '../../../core/outcomes';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip } from '../../core';

// The actions on one suggestion of `parallax prompts suggest`: add it to the library (under
// topics) or a monitor, dismiss it (left out from then on), or let a dismissed one come back.

export interface ActionFlags {
  add?: string;
  monitor?: string;
  topic?: string[];
  dismiss?: string;
  restore?: string;
}

/** Refuses flags that do not go together; true when an action was asked for. */
export function checkActionFlags(flags: ActionFlags): boolean {
  const actions = [flags.add, flags.dismiss, flags.restore].filter((a) => a !== undefined);
  if (actions.length > 1) throw new CliUsageError('--add, --dismiss and --restore go one at a time');
  if (flags.monitor !== undefined && flags.add === undefined)
    throw new CliUsageError('--monitor goes with --add ID');
  if ((flags.topic?.length ?? 0) > 0 && flags.add === undefined)
    throw new CliUsageError('--topic goes with --add ID');
  if (flags.monitor !== undefined && (flags.topic?.length ?? 0) > 0)
    throw new CliUsageError('--topic files a prompt in the library: leave it out with --monitor');
  return actions.length === 1;
}

function add(ctx: CliContext, service: OutcomesService, id: string, flags: ActionFlags): void {
  const target =
    flags.monitor !== undefined
      ? { monitorId: flags.monitor }
      : { library: true as const, topics: flags.topic ?? [] };
  const out = service.addSuggestion(id, target);
  if (ctx.json) return writeJson(ctx, out);
  const where = out.target === 'library' ? 'the library' : `monitor ${out.monitor}`;
  const topics =
    out.target === 'library' && out.topics.length > 0 ? ` (topics: ${out.topics.join(', ')})` : '';
  writeLine(
    ctx.stdout,
    `${out.added ? 'Added to' : 'Already in'} ${where}: "${clip(out.suggestion.text, 60)}"${topics}.`,
  );
}

function dismiss(ctx: CliContext, service: OutcomesService, id: string): void {
  const out = service.dismissSuggestion(id);
  if (ctx.json) return writeJson(ctx, out);
  writeLine(
    ctx.stdout,
    `${out.dismissed ? 'Dismissed' : 'Already dismissed'}: "${clip(out.text, 60)}". Bring it back: parallax prompts suggest --restore ${id}`,
  );
}

function restore(ctx: CliContext, service: OutcomesService, id: string): void {
  const restored = service.restoreSuggestion(id);
  if (ctx.json) return writeJson(ctx, { id, restored });
  writeLine(
    ctx.stdout,
    restored ? `Suggestion ${id} may be suggested again.` : `Suggestion ${id} was not dismissed.`,
  );
}

/** Runs the one action asked for; the service's "not found" becomes a usage error (exit 2). */
export async function runAction(
  ctx: CliContext,
  service: OutcomesService,
  flags: ActionFlags,
): Promise<void> {
  const { OutcomesServiceError } = await import('../../lazy/outcomes-errors');
  try {
    if (flags.add !== undefined) return add(ctx, service, flags.add, flags);
    if (flags.dismiss !== undefined) return dismiss(ctx, service, flags.dismiss);
    if (flags.restore !== undefined) return restore(ctx, service, flags.restore);
  } catch (err) {
    if (err instanceof OutcomesServiceError) throw new CliUsageError(err.message);
    throw err;
  }
}
