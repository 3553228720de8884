import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, type HistoryStore, type JobRecord } from '../../../src/core/history';
import { createVisibilityService, type VisibilityService } from '../../../src/core/analysis/visibility';
import { createPositioningService } from '../../../src/core/positioning/positioning';
import { engineFindings } from '../../../src/core/outputs/reports';
import { migrationNamed } from '../../support/migration-named';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// Brands named in answers written in Korean, Japanese, Chinese and Thai, stored through ingest
// on a real SQLite file: a Latin name with a Korean particle attached ("Keyfort는"), next to
// CJK punctuation (「Keyfort」), inside Thai written without spaces, and a native-script alias.
// The Visibility numbers count each answer as naming the brand; positioning judges the
// Korean, Japanese, Chinese and English answers and counts the Thai one as not judged (a
// language the built-in judge does not read), in no number but said in words; a history stored before the
// matcher ended words at a change of script re-reads its answers in such scripts only.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());
const NOW = Date.UTC(2026, 2, 10, 12);
const AT = Date.UTC(2026, 2, 9, 10);
const KEYFORT = { name: 'Keyfort', kind: 'brand' as const, aliases: ['키포트'], domains: [] };
const VAULTICO = { name: 'Vaultico', kind: 'competitor' as const, aliases: [], domains: [] };

/** One answer per country, as an assistant writes it there. */
const ANSWERS: Record<string, string> = {
  KR: '비밀번호 관리자로는 Vaultico입니다. Keyfort는 가격이 비싸지만 Keyfort의 보안은 뛰어납니다.',
  JP: 'おすすめは「Keyfort」です。Vaulticoは安いですが、同期が遅いです。',
  CN: '我推荐Keyfort。Vaultico的价格更低，但同步经常失败。',
  TH: 'ฉันแนะนำKeyfortเพราะปลอดภัย ส่วนVaulticoราคาถูกกว่า',
  US: 'Keyfort is the safer pick; Vaultico is cheaper.',
};
const COUNTRIES = Object.keys(ANSWERS);

function storeAnswers(store: HistoryStore): JobRecord[] {
  const { jobs } = newRun(store, {
    prompts: ['password manager'],
    engines: ['assistant-a'],
    countries: COUNTRIES,
  });
  store.ingestResults(
    jobs.map((j) => ({
      jobId: j.id,
      raw: {},
      fetchedAt: AT,
      normalized: normalized('assistant-a', ANSWERS[j.country ?? ''] ?? ''),
    })),
  );
  return jobs;
}

/** Mention rate k/n per brand and country. */
function board(svc: VisibilityService, store: HistoryStore): Record<string, Record<string, string>> {
  const name = new Map(store.listBrands().map((b) => [b.id, b.name]));
  const out: Record<string, Record<string, string>> = {};
  for (const r of svc.buckets({ scope: { kind: 'all' }, period: { days: 7 }, by: ['location'] }).rows) {
    const brand = (out[name.get(r.brandId) ?? r.brandId] ??= {});
    brand[r.bucket.location ?? ''] = `${r.mentionRate.k}/${r.mentionRate.n}`;
  }
  return out;
}

const EVERY_COUNTRY_NAMES_BOTH = Object.fromEntries(COUNTRIES.map((c) => [c, '1/1']));

function history(path: string): HistoryStore {
  const store = openTemp(path);
  store.saveBrand(KEYFORT);
  store.saveBrand(VAULTICO);
  storeAnswers(store);
  return store;
}

describe('brands named in Korean, Japanese, Chinese and Thai answers', () => {
  it('count in the mention rate of every country', () => {
    const store = history(tmp.file('scripts.db'));
    try {
      const svc = createVisibilityService({ store, now: () => NOW });
      expect(board(svc, store)).toEqual({
        Keyfort: EVERY_COUNTRY_NAMES_BOTH,
        Vaultico: EVERY_COUNTRY_NAMES_BOTH,
      });
    } finally {
      store.close();
    }
  });

  it('are found by the positioning judge, which judges the languages it reads and counts the others as not judged', () => {
    const path = tmp.file('scripts.db');
    const db = new Database(path, { readonly: true });
    try {
      const rows = db
        .prepare(
          `SELECT j.country, count(b.brand) AS judged, a.note FROM pos_answer a JOIN results r ON r.seq = a.seq
           JOIN jobs j ON j.id = r.job_id LEFT JOIN pos_brand b ON b.seq = a.seq AND b.judge = a.judge
           GROUP BY a.seq ORDER BY j.country`,
        )
        .all();
      const note = (name: string, code: string) =>
        `not judged: ${name} (${code}), a language the built-in judge does not read`;
      expect(rows).toEqual([
        { country: 'CN', judged: 2, note: null },
        { country: 'JP', judged: 2, note: null },
        { country: 'KR', judged: 2, note: null },
        { country: 'TH', judged: 0, note: note('Thai', 'th') },
        { country: 'US', judged: 2, note: null },
      ]);
    } finally {
      db.close();
    }
    const store = openTemp(path);
    try {
      const service = createPositioningService({ store, now: () => NOW, activeJudge: () => 'builtin' });
      const query = { scope: { kind: 'all' as const }, period: { days: 7 }, attributeLimit: 0 };
      const view = service.summary(query);
      // Every number counts the judged answers only (all but the Thai one), and says how many were not.
      expect(view.leaderboard.map((m) => m.n)).toEqual([4, 4]);
      expect(view.notJudged).toEqual({
        answers: 1,
        note: '1 answer in languages the built-in judge does not read: a model judge can score them',
      });
      // The Korean and Chinese answers are read now: filtered to them, both brands are counted.
      const eastAsia = service.summary({ ...query, locations: ['KR', 'CN'] });
      expect(eastAsia.leaderboard.map((m) => m.n)).toEqual([2, 2]);
      expect(eastAsia.notJudged.answers).toBe(0);
      // Filtered to the country whose answer was not read: nothing to count, and it says why.
      const thailand = service.summary({ ...query, locations: ['TH'] });
      expect(thailand.leaderboard.map((m) => m.n)).toEqual([0, 0]);
      expect(thailand.notJudged.answers).toBe(1);
      expect(thailand.empty).toBe(
        'No answer the judge read names a tracked brand; 1 answer in languages the built-in judge does not read: a model judge can score them',
      );
      expect(service.buckets({ ...query, by: ['engine'] }).notJudged.answers).toBe(1);
      // The client report's summary says it after the findings.
      const findings = engineFindings({ store, now: () => NOW, activeJudge: () => 'builtin' })(
        { kind: 'all' },
        { days: 7 },
      );
      expect(findings.at(-1)).toEqual({
        kind: 'positioningNotJudged',
        text: '1 answer in languages the built-in judge does not read: a model judge can score them; the positioning figures count only the answers the judge read.',
        effect: 0,
        significant: false,
        resultIds: [],
        brandId: null,
      });
    } finally {
      store.close();
    }
  });
});

describe('the upgrade of a history stored before the rule', () => {
  it('re-reads only the answers opening in a non-Latin script with spaces, keeping the numbers whole', () => {
    const path = tmp.file('before.db');
    history(path).close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${migrationNamed('brand-scripts').version - 1}`);
    raw.close();
    const store = openTemp(path);
    try {
      expect(store.migrated).toEqual({
        from: migrationNamed('brand-scripts').version - 1,
        to: MIGRATIONS.length,
      });
      const svc = createVisibilityService({ store, now: () => NOW });
      // The Korean answer only (Thai, Chinese and Japanese have no spaces; the English one is Latin).
      expect(svc.reanalysis()).toEqual({ done: 0, total: 1 });
      // Nothing was cleared: each answer's rows are replaced as the job reaches it.
      expect(board(svc, store)).toEqual({
        Keyfort: EVERY_COUNTRY_NAMES_BOTH,
        Vaultico: EVERY_COUNTRY_NAMES_BOTH,
      });
      expect(svc.finishReanalysis()).toEqual({ done: 1, total: 1 });
      expect(svc.reanalysis()).toBeNull();
      expect(board(svc, store)).toEqual({
        Keyfort: EVERY_COUNTRY_NAMES_BOTH,
        Vaultico: EVERY_COUNTRY_NAMES_BOTH,
      });
    } finally {
      store.close();
    }
  });

  it('widens a pending re-analysis of the search results without text to these answers', () => {
    const path = tmp.file('textless-pending.db');
    history(path).close();
    const raw = new Database(path);
    const upTo = (raw.prepare('SELECT max(seq) AS n FROM vis_result').get() as { n: number }).n;
    // As the search results' upgrade leaves it, half-way (this history has no search answers).
    raw
      .prepare("INSERT INTO meta (key, value) VALUES ('vis_reanalysis', ?)")
      .run(JSON.stringify({ after: 2, upTo, done: 0, total: 0, textless: true }));
    raw.pragma(`user_version = ${migrationNamed('brand-scripts').version - 1}`);
    raw.close();
    const store = openTemp(path);
    try {
      const svc = createVisibilityService({ store, now: () => NOW });
      // From the first answer again, the Korean one included; no longer said as search results only.
      expect(svc.reanalysis()).toEqual({ done: 0, total: 1 });
      expect(svc.finishReanalysis()).toEqual({ done: 1, total: 1 });
      expect(board(svc, store)).toEqual({
        Keyfort: EVERY_COUNTRY_NAMES_BOTH,
        Vaultico: EVERY_COUNTRY_NAMES_BOTH,
      });
    } finally {
      store.close();
    }
  });
});
