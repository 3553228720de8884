// How the CLI and the MCP tools state a run's credits: what the answers received recorded, plus what the service
// charged for calls whose answer never arrived (a killed process; worked out from the account
// balance at the next resume), and a warning when a cut session's charge could not be known.

export interface RunCredits {
  creditsCharged: number;
  creditsUnreceived: number;
  creditsUnattributable: number;
  /** Of creditsCharged, estimated from the balance: the service did not state them. */
  creditsEstimated?: number;
}

/** The run's credit total, recorded and unreceived together. */
export const creditsTotal = (r: RunCredits): number => r.creditsCharged + r.creditsUnreceived;

/** A sentence: "1279 (1234 recorded with results + 45 charged without a result)". */
export function creditsSentence(r: RunCredits): string {
  let text =
    r.creditsUnreceived > 0
      ? `${creditsTotal(r)} (${r.creditsCharged} recorded with results + ${r.creditsUnreceived} charged without a result)`
      : `${r.creditsCharged}`;
  if ((r.creditsEstimated ?? 0) > 0)
    text += ` (of which ${r.creditsEstimated} estimated from the account balance: the service did not state what those answers cost)`;
  if (r.creditsUnattributable > 0)
    text += `; plus an unknown amount: ${r.creditsUnattributable} interrupted session(s) whose charge the balance could not attribute to this run`;
  return text;
}

/** A table cell: "1279 (45 no result)", "1234 + ?" when a charge could not be attributed. */
export function creditsCell(r: RunCredits): string {
  const base =
    r.creditsUnreceived > 0 ? `${creditsTotal(r)} (${r.creditsUnreceived} no result)` : `${r.creditsCharged}`;
  return r.creditsUnattributable > 0 ? `${base} + ?` : base;
}

/** The additive JSON fields (creditsCharged keeps its meaning: recorded with results). */
export function creditsJson(r: RunCredits): {
  creditsUnreceived: number;
  creditsUnattributable: number;
  creditsTotal: number;
  creditsEstimated: number;
} {
  return {
    creditsEstimated: r.creditsEstimated ?? 0,
    creditsUnreceived: r.creditsUnreceived,
    creditsUnattributable: r.creditsUnattributable,
    creditsTotal: creditsTotal(r),
  };
}
