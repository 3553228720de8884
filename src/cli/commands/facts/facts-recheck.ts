import type { FactsService } from '../../../core/analysis';
import { writeLine, type CliContext } from '../../context';

/** Finishes a pending re-check, saying so on stderr in text mode. */
export function finishRecheck(ctx: CliContext, service: FactsService): void {
  let said = false;
  service.recheck((done, total) => {
    if (ctx.json || said) return;
    said = true;
    writeLine(ctx.stderr, `Checking stored answers against the fact sheets (${done} of ${total})…`);
  });
}
