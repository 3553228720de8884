import { describe, expect, it } from 'vitest';
import { checkFacts, type FactVerdict } from '../../../src/shared/facts';
import { FACT_SET_BRANDS as brands, loadFactSheets } from '../../support/facts-set';

// The checker in the eight languages it reads since the positioning judge does (nl sv pl ru tr
// ar ko zh), one sentence per way each writes a claim: where the denial goes, inflected words,
// scripts without capitals or spaces. The sheets are the labelled set's (tests/fixtures/facts/
// sheets), with their words in these languages.

const sheets = [...loadFactSheets().values()];

/** The verdict on `key` ("taskwell/offline-mode") of one answer asked from `country`. */
function verdict(text: string, key: string, country = 'US'): FactVerdict {
  const [brandId, factKey] = key.split('/');
  const check = checkFacts({ text, format: 'markdown', country, brands, sheets }).find(
    (c) => c.brandId === brandId && c.key === factKey,
  );
  return check?.verdict ?? 'not-addressed';
}

describe('facts in the languages added with the judge', () => {
  it('a question-and-answer pair: the question names the plan, the feature, the measure or the list', () => {
    const price = '**Сколько стоит Premium у Vaultico?**\nСейчас — 5,99 доллара в месяц.';
    expect(verdict(price, 'vaultico/price-premium', 'RU')).toBe('contradicted');
    expect(verdict('**Does Vaultico have a free plan?**\nYes, a basic one.', 'vaultico/free-plan')).toBe(
      'contradicted',
    );
    expect(verdict('**Does Vaultico have a free plan?**\nNo, only a trial.', 'vaultico/free-plan')).toBe(
      'supported',
    );
    expect(verdict('**How many users does Vaultico have?**\nMore than 2 million.', 'vaultico/users')).toBe(
      'supported',
    );
    const platforms = '**На каких платформах работает Vaultico?**\nWindows, macOS, Linux, iOS и Android.';
    expect(verdict(platforms, 'vaultico/platforms', 'RU')).toBe('contradicted');
    // The question itself claims nothing: "Madrid?" is asked, "Lisbon" answered.
    const place = "**Taskwell'in merkezi Madrid'de mi?**\nHayır, merkezi Lizbon'da.";
    expect(verdict(place, 'taskwell/headquarters', 'TR')).toBe('supported');
  });

  it('"both" opening a clause, written against the next word in Chinese', () => {
    const zh = 'Keyfort是密码管理器，而Vaultico是保险库。两者都有免费版。';
    expect(verdict(zh, 'keyfort/free-plan', 'CN')).toBe('supported');
    expect(verdict(zh, 'vaultico/free-plan', 'CN')).toBe('contradicted');
  });

  it('a brand named as what another is compared with is not what the claims are about', () => {
    const ko = 'Vaultico는 2009년 베를린에서 설립되어 Keyfort보다 업력이 깁니다.';
    expect(verdict(ko, 'keyfort/founded', 'KR')).toBe('not-addressed');
    expect(verdict(ko, 'vaultico/founded', 'KR')).toBe('supported');
    const zh = 'Vaultico比Keyfort成立得更早，2009年在柏林创立。';
    expect(verdict(zh, 'keyfort/founded', 'CN')).toBe('not-addressed');
    expect(verdict('Unlike Keyfort, Vaultico has no free plan.', 'keyfort/free-plan')).toBe('not-addressed');
    expect(verdict('Unlike Keyfort, Vaultico has no free plan.', 'vaultico/free-plan')).toBe('supported');
    const en = 'Vaultico is older than Keyfort and was founded in 2009.';
    expect(verdict(en, 'keyfort/founded')).toBe('not-addressed');
    expect(verdict('Keyfort was founded in 2016, later than Vaultico.', 'keyfort/founded')).toBe(
      'contradicted',
    );
  });

  it('a count in words before its multiplier, a Chinese count in Han numerals, an Arabic dual; a hedged count claims nothing', () => {
    expect(verdict('Vaultico har runt två miljoner användare.', 'vaultico/users', 'SE')).toBe('supported');
    expect(verdict('Vaultico has five million users.', 'vaultico/users')).toBe('contradicted');
    expect(verdict('Vaultico有两百万用户。', 'vaultico/users', 'CN')).toBe('supported');
    expect(verdict('لدى Vaultico مليوني مستخدم.', 'vaultico/users', 'SA')).toBe('supported');
    expect(verdict('I am not sure Vaultico still has five million users.', 'vaultico/users')).toBe(
      'not-addressed',
    );
    // A word that is no number before "millions" is not read as one.
    expect(verdict('Vaultico runs on millions of devices and has 2 million users.', 'vaultico/users')).toBe(
      'supported',
    );
  });

  it('Dutch: a denial closing the clause after the verb, a city in Dutch after "uit"', () => {
    expect(verdict('Een offlinemodus heeft Taskwell niet.', 'taskwell/offline-mode', 'NL')).toBe('supported');
    expect(verdict('Taskwell heeft een offlinemodus.', 'taskwell/offline-mode', 'NL')).toBe('contradicted');
    const vaultico = 'Vaultico komt uit Berlijn en bestaat al sinds 2012.';
    expect(verdict(vaultico, 'vaultico/headquarters', 'NL')).toBe('supported');
    expect(verdict(vaultico, 'vaultico/founded', 'NL')).toBe('contradicted');
  });

  it('Swedish: "ingen" denies the feature after it', () => {
    expect(verdict('Keyfort har ingen gratisversion.', 'keyfort/free-plan', 'SE')).toBe('contradicted');
    expect(verdict('Keyfort har en gratisversion.', 'keyfort/free-plan', 'SE')).toBe('supported');
  });

  it('Polish: "nie ma" denies though Italian\'s "ma" ends a clause; a city with its case ending', () => {
    expect(verdict('Vaultico nie ma wersji darmowej.', 'vaultico/free-plan', 'PL')).toBe('supported');
    expect(verdict('Vaultico ma darmowy plan.', 'vaultico/free-plan', 'PL')).toBe('contradicted');
    expect(verdict('Vaultico to menedżer haseł z Berlina.', 'vaultico/headquarters', 'PL')).toBe('supported');
  });

  it('Russian: inflected words, "нет" closing the clause, a name in Cyrillic compared with nothing', () => {
    expect(verdict('Бесплатного тарифа у Taskwell нет.', 'taskwell/free-plan', 'RU')).toBe('contradicted');
    expect(verdict('У Taskwell есть бесплатный тариф.', 'taskwell/free-plan', 'RU')).toBe('supported');
    expect(verdict('Keyfort возглавляет Ингрид Даль.', 'keyfort/ceo', 'RU')).toBe('not-addressed');
    expect(verdict('Keyfort возглавляет Lars Berg.', 'keyfort/ceo', 'RU')).toBe('contradicted');
    expect(verdict('Premium у Vaultico стоит 4,99 доллара в месяц.', 'vaultico/price-premium', 'RU')).toBe(
      'supported',
    );
  });

  it('Turkish: the list before its verb, the city with its suffix', () => {
    const apps = "Vaultico'nun Windows, macOS, Linux ve Android uygulamaları var.";
    expect(verdict(apps, 'vaultico/platforms', 'TR')).toBe('contradicted');
    expect(
      verdict("Vaultico'nun Windows, macOS, iOS ve Android uygulamaları var.", 'vaultico/platforms', 'TR'),
    ).toBe('supported');
    expect(verdict("Taskwell'in merkezi Lizbon'da.", 'taskwell/headquarters', 'TR')).toBe('supported');
    expect(verdict("Taskwell'in merkezi Madrid'de.", 'taskwell/headquarters', 'TR')).toBe('contradicted');
  });

  it('Arabic: words with proclitics, a city without capitals, Arabic-Indic digits', () => {
    expect(verdict('Vaultico لا تقدم خطة مجانية.', 'vaultico/free-plan', 'SA')).toBe('supported');
    expect(verdict('Vaultico والخطة المجانية متوفرة.', 'vaultico/free-plan', 'SA')).toBe('contradicted');
    // "لا" (no) inside a word ("الاشتراك", the subscription) denies nothing.
    expect(verdict('الاشتراك في Vaultico يشمل خطة مجانية.', 'vaultico/free-plan', 'SA')).toBe('contradicted');
    expect(verdict('Taskwell مقرها في مدريد.', 'taskwell/headquarters', 'SA')).toBe('contradicted');
    expect(verdict('Taskwell مقرها في لشبونة.', 'taskwell/headquarters', 'SA')).toBe('supported');
    expect(verdict('تأسست Taskwell عام ٢٠١٧.', 'taskwell/founded', 'EG')).toBe('supported');
    expect(verdict('تأسست Taskwell عام ٢٠١٥.', 'taskwell/founded', 'EG')).toBe('contradicted');
  });

  it('Korean: the verb after the feature, the nearer of "there is" and "there is none", dollars', () => {
    expect(verdict('Vaultico는 무료 플랜이 없습니다.', 'vaultico/free-plan', 'KR')).toBe('supported');
    expect(
      verdict('Keyfort는 무료 플랜이 있어 부담 없이 시작할 수 있습니다.', 'keyfort/free-plan', 'KR'),
    ).toBe('supported');
    expect(verdict('Taskwell은 오프라인 모드를 지원하지 않습니다.', 'taskwell/offline-mode', 'KR')).toBe(
      'supported',
    );
    expect(verdict('Taskwell은 오프라인 모드를 지원합니다.', 'taskwell/offline-mode', 'KR')).toBe(
      'contradicted',
    );
    expect(verdict('Vaultico 프리미엄 플랜은 월 5.99달러입니다.', 'vaultico/price-premium', 'KR')).toBe(
      'contradicted',
    );
  });

  it('Chinese: the denial or the "有" before the feature, a city written against its country', () => {
    expect(verdict('Vaultico没有免费版。', 'vaultico/free-plan', 'CN')).toBe('supported');
    expect(verdict('Keyfort有免费版。', 'keyfort/free-plan', 'CN')).toBe('supported');
    expect(verdict('Vaultico有免费版。', 'vaultico/free-plan', 'CN')).toBe('contradicted');
    expect(verdict('Taskwell总部位于葡萄牙波尔图。', 'taskwell/headquarters', 'CN')).toBe('contradicted');
    expect(verdict('Taskwell总部位于葡萄牙里斯本。', 'taskwell/headquarters', 'CN')).toBe('supported');
  });
});
