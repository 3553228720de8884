import { exportRows, topDomains, type ExportData } from './export-data';

// Markdown for pasting into a ticket or a wiki. Engine text is quoted, never interpreted:
// it goes into block quotes with Markdown control characters escaped, so an answer cannot
// inject headings, links or HTML into the document.

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

const cell = (text: string): string => escapeMarkdown(text).replace(/\r?\n/g, ' ');

export function buildMarkdown(data: ExportData): string {
  const r = data.run;
  const lines: string[] = [];
  lines.push(`# ${cell(r.name ?? `Run ${r.id}`)}`);
  lines.push('');
  if (r.sandbox) lines.push('> Synthetic data from the Parallax sandbox, not real engine answers.', '');
  lines.push(`- Run: \`${r.id}\``);
  lines.push(`- Engines: ${r.engines.join(', ')}`);
  lines.push(`- Locations: ${[...r.countries, ...r.states.map((s) => `US-${s}`)].join(', ')}`);
  lines.push(`- Jobs: ${r.total} (${r.counts.succeeded} succeeded, ${r.counts.failed} failed)`);
  lines.push(`- Credits charged: ${r.creditsCharged}`);
  lines.push('');
  lines.push('| Prompt | Engine | Location | Repeat | State | Sources | Top domains |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const row of exportRows(data)) {
    const loc = row.state ? `US-${row.state}` : row.country;
    lines.push(
      `| ${cell(row.prompt).slice(0, 120)} | ${row.engine} | ${loc} | ${row.repeat} | ${row.jobState} | ${row.sourceCount} | ${cell(row.topDomains)} |`,
    );
  }
  lines.push('');
  for (const res of data.results) {
    const loc = res.state ? `US-${res.state}` : res.country;
    lines.push(`## ${cell(res.prompt).slice(0, 200)} (${res.engine}, ${loc}, repeat ${res.repeat})`);
    lines.push('');
    const text = res.normalized.text.trim();
    if (text) {
      for (const line of text.split(/\r?\n/)) lines.push(`> ${escapeMarkdown(line)}`);
    } else {
      lines.push('_(no answer text)_');
    }
    lines.push('');
    const domains = topDomains(res.normalized.sources, 10);
    if (domains.length > 0) {
      lines.push(`Sources: ${domains.map((d) => `\`${d.replace(/`/g, '')}\``).join(', ')}`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}
