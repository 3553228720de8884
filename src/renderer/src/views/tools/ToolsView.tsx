import { CountriesStates } from './CountriesStates';
import { CreditsQueue } from './CreditsQueue';
import { RedirectResolver } from './RedirectResolver';

export function ToolsView() {
  return (
    <section aria-labelledby="tools-heading" className="view">
      <h1 id="tools-heading">Tools</h1>
      <RedirectResolver />
      <CreditsQueue />
      <CountriesStates />
    </section>
  );
}
