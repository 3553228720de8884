import { describe, expect, it } from 'vitest';
import { judgeNamed } from '../../support/positioning-cases';

// For and against read from roots inside words (src/shared/positioning/roots.ts,
// lexicon/roots.ts): problems told in words no phrase list holds, on answers written for
// this test (none of them is in the labelled set).

describe('built-in judge: roots of blame and praise inside words', () => {
  it.each([
    [
      'de',
      'Bei Routix gibt es seit Wochen Verbindungsabbrüche, Abrechnungsfehler und lange Wartezeiten an der Hotline.',
    ],
    ['en', 'Routix is a newer app. Users report desyncs, login timeouts and frequent glitches on Android.'],
    ['fr', 'Le Routix décroche souvent et la batterie faiblit vite ; plusieurs plaintes en attestent.'],
    ['es', 'Con Routix hay caídas frecuentes y retrasos en los reembolsos.'],
  ])('%s: problems in compounds and stems no list holds are a warning', (language, text) => {
    expect(judgeNamed(text, ['Routix'], language)).toEqual({ routix: 'cautioned negative' });
  });

  it('a freeing ending turns a blame root into praise ("problemlos", "störungsfrei")', () => {
    expect(judgeNamed('Bei Routix läuft alles problemlos und störungsfrei.', ['Routix'], 'de')).toEqual({
      routix: 'mentioned positive',
    });
  });

  it('a brand passed over whose faults outnumber its merits is cautioned', () => {
    expect(
      judgeNamed(
        'Routix ist zwar günstig, aber die Verbindung bricht ständig ab und Rechnungen kommen fehlerhaft. Wer Ruhe will, ist bei Nexaro besser aufgehoben.',
        ['Routix', 'Nexaro'],
        'de',
      ),
    ).toEqual({ routix: 'cautioned negative', nexaro: 'recommended positive' });
  });

  it('an inline "Cons:" line keeps its one step: its roots add no warning', () => {
    const text = [
      '**Routix**',
      '- Pros: cheap, light',
      '- Cons: glitches now and then, crashes on old phones',
      '',
      '**Nexaro**',
      '- Pros: stable',
      '- Cons: pricey',
      '',
      '**Verdict:** Nexaro.',
    ].join('\n');
    expect(judgeNamed(text, ['Routix', 'Nexaro'])).toMatchObject({ routix: 'mentioned negative' });
  });

  it('a language without roots keeps its reading (Dutch)', () => {
    expect(
      judgeNamed('Bij Routix zijn er verbindingsproblemen en facturatiefouten.', ['Routix'], 'nl'),
    ).not.toEqual({ routix: 'cautioned negative' });
  });
});
