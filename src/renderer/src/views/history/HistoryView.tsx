import { RunsList } from './RunsList';
import { SearchResults } from './SearchResults';

export function HistoryView() {
  return (
    <section aria-labelledby="history-heading" className="view">
      <h1 id="history-heading">History</h1>
      <SearchResults />
      <RunsList />
    </section>
  );
}
