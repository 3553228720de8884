import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResultView } from '../../../src/shared/ipc/channels/runs';
import { SafeMarkdown } from '../../../src/renderer/src/components/SafeMarkdown';
import { evidenceMarks } from '../../../src/renderer/src/lib/evidence';
import type { EvidenceMark } from '../../../src/renderer/src/lib/rehype-evidence-marks';
import { useNavStore } from '../../../src/renderer/src/stores/nav-store';
import { CompareView } from '../../../src/renderer/src/views/compare/CompareView';
import { installFakeParallax, normalized, sampleResults, type FakeParallax } from './fake-parallax';
import { resultPositioning, storedPositioning } from './fake-positioning';
import { resetStores } from './reset-stores';

// Compare marks the evidence of each brand's positioning in the answer: the judge's UTF-16
// offsets into the Markdown it read, carried through the Markdown parser's source positions
// (across bold, list items, emoji and Japanese), as text nodes and <mark>s only.

const VELOXA = { id: 'b-veloxa', name: 'Veloxa' };
const FLEETFOOT = { id: 'b-fleetfoot', name: 'Fleetfoot' };
const NORRUN = { id: 'b-norrun', name: 'Norrun' };

/** A ranked list in Markdown with emoji before and inside the evidence, and a Japanese item. */
const RANKED = [
  '# Die besten Laufschuhe 🏃‍♀️🇩🇪',
  '',
  '1. **Veloxa** 👟 is our top pick for comfort.',
  '2. Fleetfoot: 価格が高いので避けるべきです。',
  '3. Norrun is a solid budget option.',
].join('\n');

const VELOXA_ITEM = '**Veloxa** 👟 is our top pick for comfort.';
const FLEETFOOT_ITEM = '価格が高いので避けるべきです。';

function marksFor(text: string, ranges: Array<[string, string]>): EvidenceMark[] {
  return ranges.map(([sentence, id]) => {
    const start = text.indexOf(sentence);
    if (start < 0) throw new Error(sentence);
    return { start, end: start + sentence.length, id, label: `brand ${id}`, tone: 'top' };
  });
}

/** A mark's text without its screen-reader label. */
function visibleText(mark: Element): string {
  const copy = mark.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((el) => el.remove());
  return copy.textContent ?? '';
}

/** The visible text of each run of marks with the same data-evidence start, in order. */
function markedRuns(container: HTMLElement): string[] {
  const runs: string[] = [];
  let current: string[] = [];
  for (const mark of container.querySelectorAll('mark.evidence')) {
    if (mark.hasAttribute('data-evidence') && current.length > 0) {
      runs.push(current.join(''));
      current = [];
    }
    current.push(visibleText(mark));
  }
  if (current.length > 0) runs.push(current.join(''));
  return runs;
}

describe('evidence marks in rendered Markdown', () => {
  it('marks exactly the evidence, across bold text, emoji and Japanese (UTF-16 offsets)', () => {
    const marks = marksFor(RANKED, [
      [VELOXA_ITEM, 'ev0-0'],
      [FLEETFOOT_ITEM, 'ev1-0'],
    ]);
    // The offsets really are UTF-16 ones past astral characters (the flag and emoji above).
    expect(RANKED.slice(marks[0]!.start, marks[0]!.end)).toBe(VELOXA_ITEM);
    const { container } = render(<SafeMarkdown markdown={RANKED} evidence={marks} />);
    expect(markedRuns(container)).toEqual(['Veloxa 👟 is our top pick for comfort.', FLEETFOOT_ITEM]);
    // The bold survives inside the evidence; the heading and the third item are not marked.
    expect(container.querySelector('mark.evidence strong, strong mark.evidence')?.textContent).toContain(
      'Veloxa',
    );
    expect(container.querySelector('h1 mark')).toBeNull();
    expect(within(container).getByText('Norrun is a solid budget option.').closest('mark')).toBeNull();
    // Screen readers hear whose evidence starts there; the first piece is the badge's target.
    const first = container.querySelector('[data-evidence="ev0-0"]') as HTMLElement;
    expect(first.querySelector('.visually-hidden')?.textContent).toBe('Evidence for brand ev0-0: ');
    expect(first.tabIndex).toBe(-1);
  });

  it('marks two brands sharing one sentence once, naming both, and splits where they part', () => {
    const text = 'Choose Veloxa for small teams, Fleetfoot for enterprise.';
    const marks = [
      { start: 0, end: text.length, id: 'ev0-0', label: 'Veloxa: recommended', tone: 'recommended' },
      { start: 31, end: text.length, id: 'ev1-0', label: 'Fleetfoot: recommended', tone: 'recommended' },
    ];
    const { container } = render(<SafeMarkdown markdown={text} evidence={marks} />);
    const pieces = [...container.querySelectorAll('mark.evidence')];
    expect(pieces.map(visibleText)).toEqual(['Choose Veloxa for small teams, ', 'Fleetfoot for enterprise.']);
    expect(pieces[1]!.getAttribute('title')).toBe('Veloxa: recommended; Fleetfoot: recommended');
    expect(pieces[1]!.getAttribute('data-evidence')).toBe('ev1-0');
  });

  it('keeps a hostile answer inert: no element or attribute comes from its text', () => {
    const hostile = [
      'Avoid Norrun <script>window.__pwned = 1</script> now <img src=x onerror="window.__pwned = 2">.',
      '',
      'Norrun \\<img src=x onerror=alert(1)\\> is risky &amp; [slow](javascript:alert(1)).',
    ].join('\n');
    const marks = evidenceMarks(
      resultPositioning('r', [
        storedPositioning(
          hostile,
          NORRUN,
          'cautioned',
          -0.6,
          'Avoid Norrun <script>window.__pwned = 1</script> now',
        ),
        storedPositioning(
          hostile,
          NORRUN,
          'cautioned',
          -0.6,
          'Norrun \\<img src=x onerror=alert(1)\\> is risky',
        ),
      ]),
      hostile,
    );
    expect(marks).toHaveLength(2);
    const { container } = render(<SafeMarkdown markdown={hostile} evidence={marks} />);
    expect(container.querySelectorAll('script, img, iframe, a[href^="javascript"]')).toHaveLength(0);
    for (const el of container.querySelectorAll('*'))
      for (const attr of el.attributes) expect(attr.name.startsWith('on')).toBe(false);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The escaped tag is text, inside the evidence.
    const texts = [...container.querySelectorAll('mark.evidence')].map(visibleText).join('|');
    expect(texts).toContain('<img src=x onerror=alert(1)>');
    expect(texts).toContain('Avoid Norrun ');
  });

  it('leaves out evidence that no longer matches the text (the answer changed since it was judged)', () => {
    const text = 'Veloxa is the best pick.';
    const stale = storedPositioning(
      'xx Veloxa is the best pick.',
      VELOXA,
      'top',
      0.6,
      'Veloxa is the best pick.',
    );
    expect(evidenceMarks(resultPositioning('r', [stale]), text)).toEqual([]);
  });
});

const DAY = Date.UTC(2025, 10, 2, 9, 0, 0);

function answer(resultId: string, text: string, country = 'US'): ResultView {
  const base = sampleResults()[0]!;
  return { ...base, resultId, country, fetchedAt: DAY, normalized: normalized(text, []) };
}

describe('Compare: badges and evidence per brand', () => {
  let fake: FakeParallax;
  // Two places: Compare folds repeats of one cell into one column.
  const stored = [answer('r1', RANKED), answer('r2', 'Veloxa was founded in 1998.', 'DE')];
  beforeEach(() => {
    resetStores();
    fake = installFakeParallax({
      'results.get': (i) => stored.filter((r) => i.resultIds.includes(r.resultId)),
      'positioning.results': (i) =>
        i.resultIds.map((id) =>
          id === 'r1'
            ? resultPositioning(id, [
                {
                  ...storedPositioning(RANKED, VELOXA, 'top', 0.6, VELOXA_ITEM),
                  attributes: [{ text: 'comfortable', polarity: 'positive' }],
                },
                storedPositioning(RANKED, FLEETFOOT, 'cautioned', -0.5, FLEETFOOT_ITEM),
              ])
            : { resultId: id, format: null, judge: null, notScored: null, brands: [] },
        ),
    });
  });

  it('shows each brand status and tone, and a badge moves the focus to its evidence', async () => {
    useNavStore
      .getState()
      .openResultSet({ title: 'Answers naming Veloxa', resultIds: ['r1', 'r2'], total: 2 });
    render(<CompareView />);
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    const badges = await within(first).findByRole('list', { name: 'Positioning of the brands named' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Veloxa top pick · +0.60, positive tone. Show the evidence',
      'Fleetfoot cautioned · −0.50, negative tone. Show the evidence',
    ]);
    // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
    const veloxa = within(badges).getByRole('button', {
      name: 'Veloxa top pick · +0.60, positive tone. Show the evidence',
    });
    expect(veloxa).toHaveAttribute('title', expect.stringContaining('comfortable (positive)'));
    fireEvent.click(veloxa);
    const focused = document.activeElement as HTMLElement;
    expect(focused.tagName).toBe('MARK');
    expect(focused.getAttribute('data-evidence')).toBe('ev0-0');
    expect(first.contains(focused)).toBe(true);
    expect(visibleText(focused)).toBe('Veloxa');
    fireEvent.click(
      within(badges).getByRole('button', { name: /^Fleetfoot cautioned · −0\.50, negative tone/ }),
    );
    expect(visibleText(document.activeElement as HTMLElement)).toBe(FLEETFOOT_ITEM);

    // An answer not judged yet says so; every answer's positioning was read in one call.
    expect(second.textContent).toContain('Positioning: not judged yet.');
    await waitFor(() => expect(fake.callsTo('positioning.results')).toEqual([{ resultIds: ['r1', 'r2'] }]));
  });

  it('reads the positioning again after a re-score ends', async () => {
    useNavStore.getState().openResultSet({ title: 'Answers', resultIds: ['r1'], total: 1 });
    render(<CompareView />);
    await screen.findByRole('list', { name: 'Positioning of the brands named' });
    fake.emit('positioning.rescore', { phase: 'done', done: 1, total: 1, message: null });
    await waitFor(() => expect(fake.callsTo('positioning.results')).toHaveLength(2));
  });
});
