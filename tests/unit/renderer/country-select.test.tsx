import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../../src/shared/api/countries';
import { MultiSelect } from '../../../src/renderer/src/components/MultiSelect';
import { countryName, countryOptions, flagEmoji } from '../../../src/renderer/src/lib/countries';

function Harness({ initial = [] as string[] }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <>
      <MultiSelect
        label="Countries"
        options={countryOptions(COUNTRY_CODES)}
        selected={selected}
        onChange={setSelected}
      />
      <output data-testid="value">{selected.join(',')}</output>
    </>
  );
}

describe('country multi-select', () => {
  it('names countries with Intl.DisplayNames and flags from regional indicators', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('XK')).toBe('Kosovo');
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('us')).toBe('');
    expect(countryOptions(['FR', 'DE']).map((o) => o.name)).toEqual(['France', 'Germany']);
  });

  it('filters by name (accent- and case-insensitive) and by code prefix', () => {
    render(<Harness />);
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(within(list).getAllByRole('option').length).toBe(COUNTRY_CODES.length);
    const search = screen.getByRole('searchbox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: 'germ' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['☐🇩🇪 Germany DE']);
    fireEvent.change(search, { target: { value: 'cote' } });
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('CI');
    fireEvent.change(search, { target: { value: 'zz-none' } });
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(within(list).getByText(/No match/)).toBeInTheDocument();
  });

  it('selects with click, Enter in the search box and Space on an option; chips remove', () => {
    render(<Harness />);
    const search = screen.getByRole('searchbox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: 'united states' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('US');

    fireEvent.change(search, { target: { value: 'fr' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    const options = within(screen.getByRole('listbox', { name: 'Countries' })).getAllByRole('option');
    expect(document.activeElement).toBe(options[0]);
    fireEvent.keyDown(options[0] as HTMLElement, { key: ' ' });
    expect(screen.getByTestId('value').textContent).toBe('US,FR');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Remove United States' }));
    expect(screen.getByTestId('value').textContent).toBe('FR');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
