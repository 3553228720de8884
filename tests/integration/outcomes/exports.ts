import JSZip from 'jszip';

// Exports as the products write them, generated for the tests: a GA4 traffic-acquisition CSV
// (comment lines, a date column, one row per day × source / medium × landing page), Search
// Console's Performance zip (Queries.csv, Pages.csv, Dates.csv and the tables not read) and
// Bing Webmaster Tools' AI Performance CSV.

export interface Ga4Line {
  date: string;
  sourceMedium: string;
  landing: string;
  sessions: string;
  keyEvents: string;
}

export function ga4Csv(lines: readonly Ga4Line[]): string {
  const head = [
    '# ----------------------------------------',
    '# Traffic acquisition: Session source / medium',
    '# Account: Acme',
    '# Property: Acme web',
    '# ----------------------------------------',
    '#',
    '# Start date: 20261102',
    '# End date: 20261115',
    'Date,Session source / medium,Landing page + query string,Sessions,Key events',
  ];
  const rows = lines.map((l) =>
    [l.date, l.sourceMedium, l.landing, `"${l.sessions}"`, l.keyEvents].join(','),
  );
  return [...head, ...rows, '', '# Another table GA4 appends', 'Date,Users', '20261102,5', ''].join('\n');
}

export async function gscZip(queries: ReadonlyArray<[string, number, number]>): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'Queries.csv',
    [
      'Top queries,Clicks,Impressions,CTR,Position',
      ...queries.map(([q, c, i]) => `${q},${c},${i},1%,4.2`),
    ].join('\n'),
  );
  zip.file(
    'Pages.csv',
    'Top pages,Clicks,Impressions,CTR,Position\nhttps://acme.test/pricing,12,"1,200",1%,3.1\n',
  );
  zip.file(
    'Dates.csv',
    'Date,Clicks,Impressions,CTR,Position\n2026-11-01,1,10,10%,3\n2026-11-28,2,20,10%,3\n',
  );
  zip.file('Countries.csv', 'Country,Clicks,Impressions,CTR,Position\nGermany,1,10,10%,3\n');
  zip.file('Filters.csv', 'Filter,Value\nSearch type,Web\n');
  return zip.generateAsync({ type: 'nodebuffer' });
}

export function bingCsv(rows: ReadonlyArray<[string, string, number]>): string {
  return ['Date,Grounding query,Citations', ...rows.map(([d, q, c]) => `${d},${q},${c}`)].join('\n');
}
