import { judgePositioning } from '../../src/shared/positioning';
import { loadPositioningSet } from './positioning-set';

// Tuning aid: `npx tsx tests/support/positioning-one.ts ID…` prints the built-in judge's output
// on SEEN answers of the labelled set (status, tone, evidence), next to their labels. Held-out
// answers are refused, so they stay unread while tuning.

const ids = new Set(process.argv.slice(2));
for (const a of loadPositioningSet()) {
  if (!ids.has(a.id)) continue;
  if (a.heldOut) {
    console.log(`${a.id}: held out, not shown`);
    continue;
  }
  console.log(`== ${a.id} (${a.file}, ${a.shape})`);
  for (const p of judgePositioning({
    text: a.text,
    format: a.format,
    language: a.language,
    brands: a.brands,
  })) {
    const label = a.labels[p.brandId];
    const evidence = p.evidence.map((e) => JSON.stringify(e.text)).join(' | ');
    console.log(
      `  ${p.brandId}: ${p.status} ${p.sentiment.label} ${p.sentiment.score} (label ${label?.status} ${label?.sentiment}) ${evidence}`,
    );
  }
}
