import { useState } from 'react';
import type { Estimate, Finding, FindingsView } from '../../../../shared/analytics/findings/types';
import { useNavStore } from '../../stores/nav-store';
import { useVisibilityStore } from '../../stores/visibility-store';
import { Panel } from './Panel';

// "What changed" at the top of Visibility: up to 7 findings against the
// previous period, each a sentence that opens the answers behind it in Compare, the statistics
// one click below. The first few show until asked for all, so the key numbers under the card
// stay in the first screen at 1280×800. Its findings.list read is one of the view's panels (visibility-store.ts), so
// it is read with the view's filters whenever the other numbers are.

const pct = (v: number): string => `${Math.round(v * 100)} %`;

function estimateText(kind: Finding['kind'], e: Estimate): string {
  if (kind === 'position' || kind === 'net-sentiment' || kind === 'price')
    return `${e.value.toFixed(2)} (${e.lower.toFixed(2)}–${e.upper.toFixed(2)}), n = ${e.n}`;
  return `${pct(e.value)} (${Math.round(e.lower * 100)}–${pct(e.upper)}), n = ${e.n}`;
}

/** 'p = 0.029', 'p < 0.0001' (and the same for q). */
const stat = (name: string, v: number): string =>
  v < 0.0001 ? `${name} < 0.0001` : `${name} = ${v.toPrecision(2)}`;

function Statistics({ finding }: { finding: Finding }) {
  return (
    <details className="what-changed-stats">
      <summary>Statistics</summary>
      <dl>
        <dt>Before</dt>
        <dd>{estimateText(finding.kind, finding.before)}</dd>
        <dt>After</dt>
        <dd>{estimateText(finding.kind, finding.after)}</dd>
        <dt>Significance</dt>
        <dd>
          {stat('p', finding.pValue)}, {stat('q', finding.qValue)} (Benjamini–Hochberg across every cell
          scanned): {finding.significant ? 'significant' : 'not significant'}
        </dd>
        {finding.concentration.length > 0 && (
          <>
            <dt>Where</dt>
            <dd>
              {finding.concentration
                .map((c) => `${c.engine} × ${c.loc}: ${Math.round(c.share * 100)} % of the change`)
                .join('; ')}
            </dd>
          </>
        )}
      </dl>
    </details>
  );
}

function FindingItem({ finding }: { finding: Finding }) {
  const open = (): void =>
    useNavStore.getState().openResultSet({
      title: finding.text,
      resultIds: finding.resultIds,
      total: finding.resultIds.length,
    });
  const n = finding.resultIds.length;
  return (
    <li className={finding.significant ? 'what-changed-item' : 'what-changed-item muted'}>
      <p>{finding.text}</p>
      <div className="what-changed-actions">
        {n > 0 && (
          <button type="button" className="small link" onClick={open}>
            Open the {n} answer{n === 1 ? '' : 's'} in Compare
          </button>
        )}
        <Statistics finding={finding} />
      </div>
    </li>
  );
}

/** Findings shown before "Show all". */
export const FIRST_FINDINGS = 3;

function FindingsList({ view }: { view: FindingsView }) {
  const [all, setAll] = useState(false);
  if (view.findings.length === 0)
    return <p className="muted">No notable change since the previous period ({view.tests} tests).</p>;
  const shown = all ? view.findings : view.findings.slice(0, FIRST_FINDINGS);
  const more = view.findings.length - shown.length;
  return (
    <>
      <ol className="what-changed-list">
        {shown.map((f, i) => (
          <FindingItem key={`${i}-${f.kind}-${f.brandId ?? f.domain ?? ''}`} finding={f} />
        ))}
      </ol>
      {more > 0 && (
        <button type="button" className="small" onClick={() => setAll(true)}>
          Show all {view.findings.length} findings
        </button>
      )}
    </>
  );
}

export function WhatChangedCard() {
  const state = useVisibilityStore((s) => s.panels.findings);
  const refresh = useVisibilityStore((s) => s.refresh);
  return (
    <Panel id="vis-what-changed" title="What changed" state={state} onRetry={refresh} className="vis-wide">
      {(view) => <FindingsList view={view} />}
    </Panel>
  );
}
