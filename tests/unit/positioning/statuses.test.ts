import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics/brand-types';
import { judgePositioning } from '../../../src/shared/positioning';
import { statusesOf, type StatusCase } from '../../support/positioning-cases';

// Each status and each sentiment, in every language the judge reads, on the answer shapes
// engines write (ranked lists, pros/cons tables, comparisons, news, how-tos, warnings). These
// answers are written for this test, apart from the labelled set in tests/fixtures/positioning.

function brand(id: string, name: string, aliases: string[] = []): BrandDefinition {
  return { id, name, kind: 'competitor', aliases, domains: [] };
}

type Case = StatusCase;

const A = brand('a', 'Altamira');
const B = brand('b', 'Brisko');
const C = brand('c', 'Corvane');
const D = brand('d', 'Dunlee');
const JA_A = brand('a', 'Altamira', ['アルタミラ']);
const JA_B = brand('b', 'Brisko', ['ブリスコ']);
const JA_C = brand('c', 'Corvane', ['コルヴァン']);

// prettier-ignore
const CASES: Case[] = [
  { name: 'en ranked list', language: 'en', brands: [A, B, C],
    text: '## Best hiking boots\n\n1. **Altamira Peak** – Best overall: waterproof, grippy and comfortable.\n2. **Brisko Trail** – A great option for wide feet.\n3. **Corvane Lite** – Light, though the sole wears quickly.\n',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['recommended', 'neutral'] } },
  { name: 'en warning and news', language: 'en', brands: [A, B, C],
    text: 'Brisko announced a new factory in Ohio on Monday. I would steer clear of Corvane: its boots leak and the support is awful. Altamira is a solid choice.',
    expect: { a: ['recommended', 'positive'], b: ['mentioned', 'neutral'], c: ['cautioned', 'negative'] } },
  { name: 'en how-to', language: 'en', brands: [A, B],
    text: '1. Open the Altamira app.\n2. Tap **Devices** and pair your Brisko watch.\n3. Sync your routes.',
    expect: { a: ['mentioned', 'neutral'], b: ['mentioned', 'neutral'] } },
  { name: 'en news, negative', language: 'en', brands: [A],
    text: 'Altamira recalled 20,000 boots after reports of broken soles, the company said on Friday.',
    expect: { a: ['mentioned', 'negative'] } },
  { name: 'de table and verdict', language: 'de', brands: [A, B, C],
    text: '| Marke | Vorteile | Nachteile |\n|---|---|---|\n| Altamira | Wasserdicht, bequem | Teuer |\n| Brisko | Günstig | Schwer |\n| Corvane | Leicht | Sohle löst sich |\n\nUnser Testsieger ist Altamira. Von Corvane raten wir ab.',
    expect: { a: ['top', 'positive'], b: ['mentioned', 'neutral'], c: ['cautioned', 'negative'] } },
  { name: 'de comparison', language: 'de', brands: [A, B],
    text: 'Wer oft im Regen läuft, greift zum Altamira. Wer vor allem leichte Schuhe sucht, ist mit Brisko besser bedient.',
    expect: { a: ['recommended', 'positive'], b: ['recommended', 'positive'] } },
  { name: 'de negation', language: 'de', brands: [A, B],
    text: 'Altamira ist nicht zu empfehlen, die Nähte reißen schnell. Brisko ist dagegen eine gute Wahl.',
    expect: { a: ['cautioned', 'negative'], b: ['recommended', 'positive'] } },
  { name: 'fr ranked list and warning', language: 'fr', brands: [A, B, C],
    text: '## Les meilleures chaussures de randonnée\n\n1. **Altamira Peak** – Notre choix numéro un : imperméable et confortable.\n2. **Brisko Trail** – Un bon choix pour les pieds larges.\n\nCorvane est à éviter : les semelles se décollent.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'fr negated recommendation', language: 'fr', brands: [A],
    text: "L'Altamira Peak n'est pas recommandé pour la haute montagne : il est lourd et glisse sur la roche mouillée.",
    expect: { a: ['cautioned', 'negative'] } },
  { name: 'fr news', language: 'fr', brands: [A],
    text: "Altamira a ouvert mardi un nouveau magasin à Lyon, le troisième en France.",
    expect: { a: ['mentioned', 'neutral'] } },
  { name: 'es list and warning', language: 'es', brands: [A, B, C],
    text: '## Las mejores botas de montaña\n\n1. **Altamira Peak** – La mejor opción: impermeables y cómodas.\n2. **Brisko Trail** – Muy recomendable para pies anchos.\n\nEvita las Corvane: se rompen enseguida.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'es how-to', language: 'es', brands: [A],
    text: '1. Abre la app de Altamira.\n2. Pulsa **Dispositivos** y empareja el reloj.',
    expect: { a: ['mentioned', 'neutral'] } },
  { name: 'it list and warning', language: 'it', brands: [A, B, C],
    text: '## I migliori scarponi da trekking\n\n1. **Altamira Peak** – La migliore scelta: impermeabili e comodi.\n2. **Brisko Trail** – Consigliato per piedi larghi.\n\nCorvane è da evitare: le suole si staccano.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'it news', language: 'it', brands: [A],
    text: 'Altamira ha aperto un nuovo negozio a Milano, il terzo in Italia.',
    expect: { a: ['mentioned', 'neutral'] } },
  { name: 'pt list and warning', language: 'pt', brands: [A, B, C],
    text: '## As melhores botas de trilha\n\n1. **Altamira Peak** – A melhor opção: impermeáveis e confortáveis.\n2. **Brisko Trail** – Recomendado para pés largos.\n\nEvite a Corvane: a sola descola rápido.',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'pt news', language: 'pt', brands: [A],
    text: 'A Altamira abriu uma nova loja em São Paulo nesta terça-feira.',
    expect: { a: ['mentioned', 'neutral'] } },
  { name: 'ja ranked list', language: 'ja', brands: [JA_A, JA_B, JA_C],
    text: '## おすすめの登山靴ランキング\n\n1. **アルタミラ ピーク** – 一番のおすすめ。防水で快適です。\n2. **ブリスコ トレイル** – 幅広の足に向いています。\n\nコルヴァンはソールがすぐ剥がれるので、避けた方がいいでしょう。',
    expect: { a: ['top', 'positive'], b: ['recommended', 'positive'], c: ['cautioned', 'negative'] } },
  { name: 'ja negation and news', language: 'ja', brands: [JA_A, JA_B],
    text: 'アルタミラは重くて滑りやすいため、おすすめではありません。ブリスコは10日、新しい工場を開設したと発表した。',
    expect: { a: ['cautioned', 'negative'], b: ['mentioned', 'neutral'] } },
];

describe('built-in judge: statuses and sentiment by language and shape', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(statusesOf(c)).toEqual(c.expect);
    });
  }

  it('contrast: praise with a drawback stays recommended, the drawback becomes a negative attribute', () => {
    const [p] = judgePositioning({
      text: 'Altamira is a great choice for long hikes, but its support is awful.',
      format: 'text',
      language: 'en',
      brands: [A],
    });
    expect(p?.status).toBe('recommended');
    expect(p?.attributes).toContainEqual(
      expect.objectContaining({ text: 'poor support', polarity: 'negative' }),
    );
  });

  it('conditional comparison: both brands recommended', () => {
    const got = judgePositioning({
      text: 'Choose Altamira for small teams, and go with Brisko for enterprise rollouts.',
      format: 'text',
      language: 'en',
      brands: [A, B],
    });
    expect(got.map((p) => [p.brandId, p.status])).toEqual([
      ['a', 'recommended'],
      ['b', 'recommended'],
    ]);
  });

  it('a negated top pick is not a top pick', () => {
    const [p] = judgePositioning({
      text: 'Altamira is not the best choice for beginners.',
      format: 'text',
      language: 'en',
      brands: [A],
    });
    expect(p?.status).not.toBe('top');
  });

  it('works without a language hint (guessed from the text)', () => {
    const got = judgePositioning({
      text: 'Von Corvane rate ich ab. Altamira ist unser Testsieger, sehr bequem und wasserdicht.',
      format: 'text',
      brands: [A, C, D],
    });
    expect(got.map((p) => [p.brandId, p.status])).toEqual([
      ['a', 'top'],
      ['c', 'cautioned'],
    ]);
  });
});
