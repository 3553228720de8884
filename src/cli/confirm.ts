import { createInterface } from 'node:readline/promises';
import type { CliContext } from './context';

// A yes/no question on the terminal before work that costs money or cannot be undone.

/** Asks `question [y/N]` on stderr; only "y" or "yes" agrees. */
export async function askYesNo(ctx: CliContext, question: string): Promise<boolean> {
  const rl = createInterface({ input: ctx.stdin, output: ctx.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** Asks only on a terminal: a script or a pipe has chosen already (agrees). */
export async function confirmOnTerminal(ctx: CliContext, question: string): Promise<boolean> {
  return !ctx.stdin.isTTY || (await askYesNo(ctx, question));
}
