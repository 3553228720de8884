import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResultFacts } from '../../../src/shared/facts/types';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { installFakeParallax, normalized, sampleResults, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// Compare marks each checked fact's quote in the answer, by the checker's offsets read over IPC
// (facts.results): a contradicted fact with a wavy underline, a supported one with a straight
// one, a legend saying which is which, a badge per fact that moves the keyboard focus to its
// quote; the quote stays text whatever it holds, and a quote that no longer matches the answer
// is not marked.

const ANSWER = [
  '## Veloxa',
  '',
  'Veloxa was founded in 2011 in Oslo.',
  '',
  'The Veloxa Trail GTX costs $161 and \\<img src=x onerror="window.__pwned = 1"\\> ships free.',
].join('\n');

const FOUNDED = 'Veloxa was founded in 2011 in Oslo.';
const PRICE = 'The Veloxa Trail GTX costs $161 and \\<img src=x onerror="window.__pwned = 1"\\> ships free.';
/** The quote as shown: Markdown's escapes read as the characters they escape. */
const PRICE_SHOWN =
  'The Veloxa Trail GTX costs $161 and <img src=x onerror="window.__pwned = 1"> ships free.';

function quote(text: string) {
  const start = ANSWER.indexOf(text);
  return { text, start, end: start + text.length };
}

const FACTS: ResultFacts = {
  resultId: 'r1',
  checks: [
    { brand: 'Veloxa', brandId: 'b-veloxa', key: 'founded', verdict: 'supported', evidence: quote(FOUNDED) },
    {
      brand: 'Veloxa',
      brandId: 'b-veloxa',
      key: 'price-trail-gtx',
      verdict: 'contradicted',
      evidence: quote(PRICE),
    },
    // Stored before the answer was stored again: its offsets no longer hold its text.
    {
      brand: 'Veloxa',
      brandId: 'b-veloxa',
      key: 'headquarters',
      verdict: 'supported',
      evidence: { text: 'in Oslo', start: 0, end: 7 },
    },
  ],
};

function answer(resultId: string, text: string, country: string): ResultView {
  const base = sampleResults()[0]!;
  return { ...base, resultId, country, normalized: normalized(text, []) };
}

/** A mark's text without its screen-reader label. */
function visibleText(mark: Element): string {
  const copy = mark.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((el) => el.remove());
  return copy.textContent ?? '';
}

describe('Compare: brand facts marked in the answer', () => {
  let fake: FakeParallax;
  const stored = [answer('r1', ANSWER, 'US'), answer('r2', 'Fleetfoot makes shoes.', 'DE')];
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'results.get': (i) => stored.filter((r) => i.resultIds.includes(r.resultId)),
      'facts.results': (i) => i.resultIds.map((id) => (id === 'r1' ? FACTS : { resultId: id, checks: [] })),
    });
  });

  it('marks contradicted and supported quotes apart, with a legend, and a badge moves the focus to its quote', async () => {
    useNavStore
      .getState()
      .openResultSet({ title: 'Answers naming Veloxa', resultIds: ['r1', 'r2'], total: 2 });
    const { container } = render(<CompareView />);
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    const list = await within(first).findByRole('list', {
      name: 'Facts checked: 1 contradicted, 2 supported',
    });
    // Contradicted first; the stale quote's fact is listed, not a button (nothing to show).
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Veloxa price-trail-gtx: contradicted. Show the quote',
      'Veloxa founded: supported. Show the quote',
      'Veloxa headquarters: supported',
    ]);
    expect(within(list).getAllByRole('button')).toHaveLength(2);

    const body = first.querySelector('.column-body') as HTMLElement;
    const contradicted = body.querySelector('mark.evidence-fact-contradicted') as HTMLElement;
    const supported = body.querySelector('mark.evidence-fact-supported') as HTMLElement;
    const contradictedText = [...body.querySelectorAll('mark.evidence-fact-contradicted')]
      .map(visibleText)
      .join('');
    expect(contradictedText).toBe(PRICE_SHOWN);
    expect(visibleText(supported)).toBe(FOUNDED);
    expect(contradicted.getAttribute('title')).toBe('Veloxa, price-trail-gtx: contradicts the fact sheet');
    expect(contradicted.querySelector('.visually-hidden')?.textContent).toBe(
      'Evidence for Veloxa, price-trail-gtx: contradicts the fact sheet: ',
    );
    expect(body.querySelectorAll('mark.evidence[data-evidence]')).toHaveLength(2);
    // The legend names both marks in words, in the marks' own styles.
    const legend = first.querySelector('.fact-legend') as HTMLElement;
    expect(legend.textContent).toBe(
      'Marked in the answer: wavy underline contradicts the fact sheet, straight underline supports it.',
    );
    expect(legend.querySelector('mark.evidence-fact-contradicted')).not.toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: /^Veloxa price-trail-gtx: contradicted/ }));
    expect(document.activeElement).toBe(contradicted);
    fireEvent.click(within(list).getByRole('button', { name: /^Veloxa founded: supported/ }));
    expect(document.activeElement).toBe(supported);

    // The quote is text: nothing from the answer became an element or a handler.
    expect(container.querySelectorAll('img, script')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(contradictedText).toContain('<img src=x onerror=');

    // An answer that addresses no fact shows neither badges nor a legend; one call read both answers.
    expect(second.querySelector('.fact-verdicts')).toBeNull();
    await waitFor(() => expect(fake.callsTo('facts.results')).toEqual([{ resultIds: ['r1', 'r2'] }]));
  });

  it('reads the facts again when the history changed (a sheet re-checked)', async () => {
    useNavStore.getState().openResultSet({ title: 'Answers', resultIds: ['r1'], total: 1 });
    render(<CompareView />);
    await screen.findByRole('list', { name: /^Facts checked/ });
    fake.emit('visibility.changed', { reason: 'brands' });
    await waitFor(() => expect(fake.callsTo('facts.results')).toHaveLength(2));
  });
});
