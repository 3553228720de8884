import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { notCheckedSentence, type FactsFigures } from '../../../src/shared/facts';
import { FactsPanel } from '../../../src/renderer/src/views/brands/FactsPanel';
import { useBrandsStore } from '../../../src/renderer/src/stores/brands-store';
import { installFakeParallax, type FakeParallax } from './fake-parallax';
import { resetStores } from './reset-stores';

// The Brands view's Facts panel over main's figures: each brand's discrepancy rate with its
// interval and n ("few answers" under 30), per fact, the sites cited in contradicting answers,
// and a sheet imported through main naming the facts it left out.

const FIGURES: FactsFigures = {
  brands: [
    {
      brand: 'Veloxa',
      discrepancyRate: { value: 0.25, lower: 0.1, upper: 0.5, n: 12 },
      facts: [
        { key: 'founded', supported: 9, contradicted: 3, notAddressed: 0, byModel: 0 },
        { key: 'price-trail-gtx', supported: 4, contradicted: 1, notAddressed: 7, byModel: 0 },
      ],
      notChecked: 0,
    },
  ],
  sources: [
    {
      brand: 'Veloxa',
      domain: 'old-reviews.example',
      contradicting: 3,
      supporting: 1,
      contradictingShare: 0.75,
      supportingShare: 0.1,
    },
  ],
  judgedBy: { checker: 17, models: [] },
  notChecked: { answers: 0, note: null },
};

describe('Facts panel', () => {
  let fake: FakeParallax;
  beforeEach(() => {
    resetStores();
    useBrandsStore.setState({
      brands: [{ id: 'b1', name: 'Veloxa', kind: 'brand', aliases: [], domains: [] }],
    });
    fake = installFakeParallax({
      'facts.figures': () => FIGURES,
      'facts.importSheet': () => ({
        path: '/tmp/veloxa.yaml',
        brand: 'Veloxa',
        facts: 3,
        errors: [{ line: 4, field: 'facts[3].value', message: 'a year is a whole number' }],
      }),
    });
  });

  it('shows each brand’s discrepancy rate with its interval and n, per fact, and the sites behind errors', async () => {
    render(<FactsPanel />);
    expect(await screen.findByText(/25\.0 %/)).toBeInTheDocument();
    expect(screen.getByText(/n 12, few answers/)).toBeInTheDocument();
    const facts = screen.getByRole('table', { name: 'Veloxa: facts' });
    expect(
      within(facts)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FactSupportedContradictedNot addressed', 'founded930', 'price-trail-gtx417']);
    expect(
      within(screen.getByRole('table', { name: 'Sites cited in contradicting answers' })).getByText(
        'old-reviews.example',
      ),
    ).toBeInTheDocument();
    expect(fake.callsTo('facts.figures')).toEqual([{ days: 30 }]);
  });

  it('says how many answers are in languages the checker does not read, apart from the counts', async () => {
    const veloxa = FIGURES.brands[0];
    if (veloxa === undefined) throw new Error('the figures name Veloxa');
    const figures: FactsFigures = {
      ...FIGURES,
      brands: [{ ...veloxa, notChecked: 4 }],
      notChecked: { answers: 4, note: notCheckedSentence(4) },
    };
    fake.handle('facts.figures', () => figures);
    render(<FactsPanel />);
    expect(
      await screen.findByText(
        '4 answers name a brand with a fact sheet in a language the built-in checker does not read: a model judge can check them.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Not in these counts: 4 answers naming Veloxa in a language the built-in checker does not read.',
      ),
    ).toBeInTheDocument();
  });

  it('imports a brand’s sheet through main and names the facts it left out', async () => {
    render(<FactsPanel />);
    await screen.findByText(/25\.0 %/);
    fireEvent.click(screen.getByRole('button', { name: 'Import fact sheet…' }));
    const left = await screen.findByRole('list', { name: 'Facts left out' });
    expect(left.textContent).toBe('Line 4, facts[3].value: a year is a whole number');
    expect(screen.getByText(/Veloxa’s sheet now holds 3 facts; 1 left out/)).toBeInTheDocument();
    expect(fake.callsTo('facts.importSheet')).toEqual([{ brandId: 'b1' }]);
    expect(fake.callsTo('facts.figures')).toHaveLength(2);
  });
});
