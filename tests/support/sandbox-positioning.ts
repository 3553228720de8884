import { ENGINE_NAMES } from '../../src/shared/api/engines';
import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import { buildAnswer, type Answer, type AnswerInput } from '../../src/sandbox/engines/answer';
import { CATEGORIES, LOCAL_STEMS } from '../../src/sandbox/engines/catalog';
import { entrantNameForms } from '../../src/sandbox/engines/entrants';

// Inputs that reach every language, shape and engine the sandbox has, for the positioning tests.

/** One country per language the sandbox answers in, a US state, and an English-by-default country. */
export const COUNTRIES: ReadonlyArray<{ country: string; state?: string }> = [
  { country: 'US' },
  { country: 'US', state: 'CA' },
  { country: 'GB' },
  { country: 'DE' },
  { country: 'FR' },
  { country: 'ES' },
  { country: 'MX' },
  { country: 'IT' },
  { country: 'BR' },
  { country: 'PT' },
  { country: 'JP' },
  { country: 'RU' },
  { country: 'SA' },
  { country: 'SE' },
];

export const PROMPTS: readonly string[] = [
  'best running shoes for beginners',
  'best laptops 2026',
  'noise cancelling headphones',
  'how to choose a coffee machine',
  'crm software for small teams',
  'vpn vs proxy',
  'smartphone news this week',
  'best mattress for back pain',
  'Laufschuhe Test',
  'ランニングシューズ おすすめ',
];

export const DAY = 20_500;

export function answer(
  input: Partial<AnswerInput> & { engine: string; prompt: string; country: string },
): Answer {
  return buildAnswer({ optionsKey: '{}', seed: 1, repeat: 0, day: DAY, ...input });
}

/** The loop's days: three, in three different weeks (the drift and the events are weekly). */
export const DAYS: readonly number[] = [DAY, DAY + 9, DAY + 40];

/** Every answer of the loop: engines × locations × prompts × days × repeats. */
export function* everyAnswer(days: readonly number[] = DAYS): Generator<Answer> {
  for (const engine of ENGINE_NAMES)
    for (const { country, state } of COUNTRIES)
      for (const prompt of PROMPTS)
        for (const day of days)
          for (const repeat of [0, 1]) yield answer({ engine, prompt, country, state, day, repeat });
}

/** Every brand the sandbox can name, as analyst definitions (name only). */
export function everyBrandDefinition(): BrandDefinition[] {
  const local = Object.values(LOCAL_STEMS).flatMap((stems) =>
    stems.flatMap((s) => CATEGORIES.map((c) => `${s} ${c.localSuffix}`)),
  );
  const names = [...new Set([...CATEGORIES.flatMap((c) => c.global), ...local, ...entrantNameForms()])];
  return names.map((name, i) => ({ id: `b${i}`, name, kind: 'competitor', aliases: [], domains: [] }));
}

/** The loop's answers of one test file, generated once for all its tests. */
export interface AnswerCache {
  /** `everyAnswer()`'s answers, in its order. */
  every(): readonly Answer[];
  /** Those of one of `DAYS`, in the same order. */
  on(day: number): readonly Answer[];
  /** Lets go of them (about 140 MB): call it in the file's `afterAll`. */
  release(): void;
}

/**
 * Generating the answers is most of the CPU of the file that checks them all, and several of its
 * tests read the same ones: the file generates them once. Not kept at module level: a worker that
 * runs files without isolation would keep them for the rest of its run.
 */
export function answerCache(): AnswerCache {
  let answers: Answer[] | undefined;
  const every = (): Answer[] => (answers ??= [...everyAnswer()]);
  return {
    every,
    on: (day) => {
      if (!DAYS.includes(day)) throw new Error(`day ${day} is not one of the loop's days`);
      return every().filter((a) => a.input.day === day);
    },
    release: () => {
      answers = undefined;
    },
  };
}
