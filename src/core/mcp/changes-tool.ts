import { findingsChannels } from '../../shared/ipc/channels/findings';
import type { ToolSpec } from './tool';
import type { McpDeps } from './types';

// What changed for an assistant: the same findings as the app's "What
// changed" and `parallax changes`, with the channel's own input schema; each finding's sentence,
// its numbers and significance, and the ids of the answers behind it (get_result reads them).

const HELP =
  "scope: {kind:'all'} (default), {kind:'monitor', id}, {kind:'run', id}, {kind:'tag', name} or {kind:'promptSet', id}; period: {days: 30} (default) or {from:'YYYY-MM-DD', to:'YYYY-MM-DD'}, compared with the previous period of the same length; engines and locations ('DE', 'US-CA') narrow it; brandId (list_brands) picks the focus brand; limit (1-7) and resultLimit (answer ids per finding, default 50).";

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function changesTool(deps: McpDeps): ToolSpec<(typeof findingsChannels)['findings.list']['input']> {
  return {
    name: 'what_changed',
    title: 'What changed',
    description: `What changed in the AI answers over a period against the previous one: at most 7 ranked findings in plain words (mention rate, average position, share of voice, recommendation rate, net sentiment, attributes, cited domains; commerce: shelf presence, a product leaving or entering the shelf, a tracked brand's price moving 10 % or more, a new advertiser, conquesting begun; brand facts: a fact an engine now contradicts, a brand's discrepancy rate risen; where the change is concentrated by engine and location; the competitor who gained; the day a citation stopped), each with before/after values, 95 % intervals, n, p and the Benjamini–Hochberg q across every cell scanned (significant = q ≤ 0.05), and the answer ids behind it. ${HELP}`,
    input: findingsChannels['findings.list'].input,
    async run(query) {
      const view = (await deps.services.findings()).list(query);
      const p = view.period;
      const lines = [`What changed ${p.from} to ${p.to} against ${p.previous.from} to ${p.previous.to}.`];
      // As brand_facts: a re-check a sheet change left is said here, not run.
      if (deps.store.factsRecheckPending())
        lines.push(
          'A fact sheet changed since the answers were checked: the facts findings count the old checks until `parallax facts` or `parallax changes` checks them again.',
        );
      if (view.empty) lines.push(view.empty);
      else if (view.findings.length === 0) lines.push(`No notable change (${view.tests} tests).`);
      view.findings.forEach((f, i) => {
        const numbers =
          f.kind === 'position' || f.kind === 'net-sentiment' || f.kind === 'price'
            ? `${f.before.value.toFixed(2)} (n ${f.before.n}) → ${f.after.value.toFixed(2)} (n ${f.after.n})`
            : `${pct(f.before.value)} (n ${f.before.n}) → ${pct(f.after.value)} (n ${f.after.n})`;
        lines.push(
          `${i + 1}. ${f.text}`,
          `   ${f.kind}: ${numbers}; p ${f.pValue.toPrecision(2)}, q ${f.qValue.toPrecision(2)}, ${f.significant ? 'significant' : 'not significant'}; answers: ${f.resultIds.slice(0, 5).join(', ')}${f.resultIds.length > 5 ? ', …' : ''}`,
        );
      });
      return { text: lines.join('\n'), data: { ...view } };
    },
  };
}
