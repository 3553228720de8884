import { describe, expect, it } from 'vitest';
import { judgeNamed as judge } from '../../support/positioning-cases';

// The structural reading of indirect wording (src/shared/positioning/steering.ts and the frames
// in analyse.ts): which brand an answer steers the reader to, read from the order it names the
// brands, its table columns and its case labels rather than from verdict words. Each answer here
// is written for this test (not taken from the labelled set).

describe('built-in judge: which brand an answer steers to', () => {
  it('offers the brand named after one it runs down, when something is said for it', () => {
    const text =
      'Support at Cloudvia has become slow this year. Hostnest has been reliable for the sites we manage.';
    expect(judge(text, ['Cloudvia', 'Hostnest'])).toMatchObject({ hostnest: 'recommended positive' });
  });

  it('leaves a brand named after with a bare fact mentioned, and news goes on to others without advising', () => {
    const bare =
      'Cloudvia had two long outages this spring and its support has become slow and unhelpful. ' +
      'Hostnest offers the same plans.';
    expect(judge(bare, ['Cloudvia', 'Hostnest'])).toMatchObject({ hostnest: 'mentioned neutral' });
    const news =
      'Cloudvia announced on Tuesday that it will close its Paris data centre after two long outages. ' +
      'Hostnest, a rival, reported a reliable quarter.';
    expect(judge(news, ['Cloudvia', 'Hostnest']).hostnest).toMatch(/^mentioned/u);
  });

  it('reads a last column asked as a question, and its ticks and crosses, in any language', () => {
    const table =
      '| Modell | Preis | Kaufen wir es? |\n|---|---|---|\n| Kochwerk | 89 € | ✅ für Familien |\n| Topfix | 59 € | ❌ Deckel schließt nicht |';
    expect(judge(table, ['Kochwerk', 'Topfix'], 'de')).toEqual({
      kochwerk: 'recommended positive',
      topfix: 'cautioned negative',
    });
  });

  it('takes a bold case label in prose, a question as the case, and names listed with the advised one', () => {
    expect(
      judge(
        '**Commuters:** Railo, with its folding frame.\n**Hill riders:** Climbo has the stronger motor.',
        ['Railo', 'Climbo'],
      ),
    ).toEqual({ railo: 'recommended positive', climbo: 'recommended positive' });
    expect(judge('Working from a small flat? Then Deskly is the one that fits.', ['Deskly'])).toEqual({
      deskly: 'recommended positive',
    });
    expect(
      judge('If you host several shops, Cartwise or Shopnest will save you time.', ['Cartwise', 'Shopnest']),
    ).toEqual({ cartwise: 'recommended positive', shopnest: 'recommended positive' });
  });

  it('passes over a brand praised and then turned on before the advice goes to others', () => {
    const text =
      'Notely is fine for personal notes, but it has no shared folders and the search is slow. ' +
      'If your team needs to share, Wikibase or Pagely will serve you better.';
    expect(judge(text, ['Notely', 'Wikibase', 'Pagely'])).toMatchObject({
      notely: expect.stringMatching(/^mentioned/u),
      wikibase: 'recommended positive',
      pagely: 'recommended positive',
    });
    // Praise before the turn is the concession, not the tone.
    const mild =
      'Notely is fine for personal notes, but it has no shared folders. If your team needs to share, Wikibase.';
    expect(judge(mild, ['Notely', 'Wikibase']).notely).toBe('mentioned neutral');
  });

  it('reads praise only in the past as a warning, and praise still given now as not', () => {
    expect(
      judge(
        'Früher war Bildhaus der Geheimtipp für Fotoabzüge. Heute dauert die Lieferung drei Wochen.',
        ['Bildhaus'],
        'de',
      ).bildhaus,
    ).toMatch(/^cautioned/u);
    expect(
      judge('Bildhaus used to be the go-to for prints, and it is still reliable and cheap.', ['Bildhaus'])
        .bildhaus,
    ).not.toMatch(/^cautioned/u);
  });
});
