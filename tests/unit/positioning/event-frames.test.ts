import { describe, expect, it } from 'vitest';
import { judgeNamed } from '../../support/positioning-cases';

// Judge version 7: problems told as events, waits, operations done twice, favourable facts,
// lukewarm advice and praise in the past, each on an answer written for this test (not from the
// labelled set), with the wording that must keep its old reading beside it.

describe('built-in judge: events and facts without a verdict word', () => {
  it('reads a thing that wears or moves the wrong way as blame, and a brand offered after it with a plain fact', () => {
    expect(
      judgeNamed(
        'The Trailmate watch drifts off the path in forests, its bezel paint peels within months and the strap pin snapped on two of ours. The Ridgeline keeps a clean track and its battery still lasts a week.',
        ['Trailmate', 'Ridgeline'],
      ),
    ).toEqual({ trailmate: 'cautioned negative', ridgeline: 'recommended positive' });
    expect(
      judgeNamed(
        'Beim Kochfix blättert die Beschichtung nach einem Jahr ab, und der Deckel klemmt. Der Topfmeister läuft bei uns seit Jahren ohne Zwischenfälle.',
        ['Kochfix', 'Topfmeister'],
        'de',
      ),
    ).toEqual({ kochfix: 'cautioned negative', topfmeister: 'recommended positive' });
  });

  it('reads a long wait as blame and a quick one as praise, not a price per month', () => {
    expect(
      judgeNamed(
        'Porting your number to Telwise takes three to five weeks, and refunds arrive months after you cancel. Callbridge moves numbers within two days.',
        ['Telwise', 'Callbridge'],
      ),
    ).toEqual({ telwise: 'cautioned negative', callbridge: 'recommended positive' });
    expect(
      judgeNamed(
        'Chez Assurflex, il faut compter six à huit semaines pour un remboursement et les dossiers traînent. Protegia rembourse sous cinq jours.',
        ['Assurflex', 'Protegia'],
        'fr',
      ),
    ).toEqual({ assurflex: 'cautioned negative', protegia: 'recommended positive' });
    // "$9 a month" is a price, not a wait.
    expect(judgeNamed('Ledgerbox costs $9 a month and sends invoices by email.', ['Ledgerbox'])).toEqual({
      ledgerbox: 'mentioned neutral',
    });
  });

  it('reads an operation done twice or refused as blame', () => {
    expect(
      judgeNamed(
        'Seit der Umstellung wird bei Zahlwerk die Miete doppelt abgebucht, und Karten werden im Laden abgewiesen.',
        ['Zahlwerk'],
        'de',
      ),
    ).toEqual({ zahlwerk: 'cautioned negative' });
    expect(
      judgeNamed(
        'Con Pagafácil varios clientes cuentan que les cobran dos veces la cuota y que los pagos con tarjeta son rechazados.',
        ['Pagafácil'],
        'es',
      ),
    ).toEqual({ pagafácil: 'cautioned negative' });
  });

  it('reads "stark" after a root of change as how much it changes, not as praise', () => {
    expect(judgeNamed('Bei Netzo schwankt stark die Bandbreite.', ['Netzo'], 'de')).not.toMatchObject({
      netzo: expect.stringContaining('positive'),
    });
    expect(judgeNamed('Die Akkus von Netzo sind stark.', ['Netzo'], 'de')).toEqual({
      netzo: 'mentioned positive',
    });
  });

  it('reads lukewarm advice as a recommendation with a neutral tone', () => {
    expect(
      judgeNamed(
        'If you only fly twice a year, Skyhop is fine. If you fly every month, Jetwise is the better card: no fees and lounge access.',
        ['Skyhop', 'Jetwise'],
      ),
    ).toMatchObject({ skyhop: 'recommended neutral' });
    expect(judgeNamed("Per un monolocale l'aspirapolvere Polvix va bene.", ['Polvix'], 'it')).toEqual({
      polvix: 'recommended neutral',
    });
  });

  it('reads praise set in the past by more markers', () => {
    expect(
      judgeNamed(
        'Rentomat war jahrelang der günstigste Mietwagenanbieter. Inzwischen werden Kautionen erst nach Wochen freigegeben, und Buchungen werden storniert.',
        ['Rentomat'],
        'de',
      ),
    ).toEqual({ rentomat: 'cautioned negative' });
  });

  it('reads roots of blame and praise in Portuguese, Dutch, Polish, Swedish, Turkish, Russian, Arabic and Korean', () => {
    const tone = (text: string, lang: string, name: string): string =>
      (judgeNamed(text, [name], lang)[name.toLowerCase()] ?? '').split(' ')[1] ?? '';
    expect(tone('O roteador da Ventix trava e a conexão tem quedas.', 'pt', 'Ventix')).toBe('negative');
    expect(tone('De router van Ventix draait al jaren storingsvrij.', 'nl', 'Ventix')).toBe('positive');
    expect(tone('Router Ventix ma częste awarie i zawiesza się.', 'pl', 'Ventix')).toBe('negative');
    expect(tone('Routern från Ventix har täta avbrott och kraschar.', 'sv', 'Ventix')).toBe('negative');
    expect(tone('Ventix modemi sorunsuz çalışıyor.', 'tr', 'Ventix')).toBe('positive');
    expect(tone('Роутер Ventix работает надёжно и без сбоев.', 'ru', 'Ventix')).toBe('positive');
    expect(tone('جهاز Ventix يتعطل كثيرا وفيه أعطال متكررة.', 'ar', 'Ventix')).toBe('negative');
    expect(tone('Ventix 공유기는 고장이 잦고 끊김이 심합니다.', 'ko', 'Ventix')).toBe('negative');
  });
});
