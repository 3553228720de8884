import type { ClientReport } from '../../../core/outputs';

// The report stands in the focus brand's name for an unset client name, and shows no logo: a
// one-line hint says how to set them, so the next report is one worth sending.

/** One line saying how to set the client's name and logo when the report stands in defaults for them. */
export function brandingHint(monitorName: string, look: ClientReport['look']): string | null {
  if (look.unset.length === 0) return null;
  const what = look.unset.includes('clientName')
    ? `is titled with "${look.clientName}"${look.unset.includes('logo') ? ' and has no logo' : ''}`
    : 'has no logo';
  const flags = [
    look.unset.includes('clientName') ? '--client-name "CLIENT"' : '',
    look.unset.includes('logo') ? '--logo FILE' : '',
  ].filter((f) => f !== '');
  return `Hint: the report ${what}; set ${look.unset.length === 2 ? 'them' : 'it'} with \`parallax monitors options ${JSON.stringify(monitorName)} ${flags.join(' ')}\``;
}
