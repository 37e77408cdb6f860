import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../testing/render';
import { MAX_TAGS, Select } from './Select';
import { filterOptions, foldText, groupOptions, type SelectOption } from './selectFilter';

const countries: SelectOption[] = [
  { value: 'CZ', label: 'Česko', group: 'Europe', hint: 'Data stored in Europe' },
  { value: 'DE', label: 'Germany', group: 'Europe', hint: 'Data stored in Europe' },
  { value: 'TR', label: 'Türkiye', group: 'Europe' },
  { value: 'SG', label: 'Singapore', group: 'Asia Pacific', hint: 'Data stored in Singapore' },
  { value: 'US', label: 'United States', group: 'North America' },
];

function Single(props: { initial?: string | null; error?: string }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <Select label="Country/region" options={countries} value={value} onChange={setValue} error={props.error} />
      <span data-testid="value">{String(value)}</span>
    </>
  );
}

function Multi({ options, initial = [] }: { options: SelectOption[]; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <Select multiple label="Topics" options={options} value={value} onChange={setValue} />
      <span data-testid="value">{value.join(',')}</span>
    </>
  );
}


describe('select helpers', () => {
  it('folds case and diacritics', () => {
    expect(foldText('ČESKO')).toBe('cesko');
    expect(foldText('Türkiye')).toBe('turkiye');
    expect(filterOptions(countries, 'cEs').map((o) => o.value)).toEqual(['CZ']);
    expect(filterOptions(countries, 'türk').map((o) => o.value)).toEqual(['TR']);
    expect(filterOptions(countries, 'TURK').map((o) => o.value)).toEqual(['TR']);
    expect(filterOptions(countries, '')).toHaveLength(5);
  });

  it('ranks the whole name first, then its start, then a word start, then anywhere; an alias counts just under the label', () => {
    const places: SelectOption[] = [
      { value: 'BQ', label: 'Caribbean Netherlands' },
      { value: 'NL', label: 'Netherlands', keywords: ['Holland'] },
      { value: 'KP', label: 'North Korea' },
      { value: 'KR', label: 'South Korea', keywords: ['Korea'] },
      { value: 'NE', label: 'Niger' },
      { value: 'NG', label: 'Nigeria' },
      { value: 'AN', label: 'Ganiger' },
    ];
    expect(filterOptions(places, 'netherlands').map((o) => o.value)).toEqual(['NL', 'BQ']);
    expect(filterOptions(places, 'Korea').map((o) => o.value)).toEqual(['KR', 'KP']);
    expect(filterOptions(places, 'niger').map((o) => o.value)).toEqual(['NE', 'NG', 'AN']);
    expect(filterOptions(places, 'holl').map((o) => o.value)).toEqual(['NL']);
    // equally good matches keep the given order
    expect(filterOptions(places, 'n').map((o) => o.value)).toEqual(['NL', 'KP', 'NE', 'NG', 'BQ', 'AN']);
  });

  it('groups in first-seen order', () => {
    expect(groupOptions(countries).map((g) => [g.group, g.options.length])).toEqual([
      ['Europe', 3],
      ['Asia Pacific', 1],
      ['North America', 1],
    ]);
  });
});

describe('Select', () => {
  it('is labelled and lists grouped options with hints', async () => {
    renderWithProviders(<Single />);
    const input = screen.getByRole('combobox', { name: 'Country/region' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('group', { name: 'Europe' })).toBeInTheDocument();
    expect(within(listbox).getByRole('group', { name: 'Asia Pacific' })).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    expect(within(listbox).getByRole('option', { name: /Singapore/ })).toHaveTextContent('Data stored in Singapore');
  });

  it('filters by typed text ignoring case and diacritics, and is operable by keyboard', async () => {
    renderWithProviders(<Single />);
    const input = screen.getByRole('combobox');
    await userEvent.type(input, 'CESK');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['ČeskoData stored in Europe']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('CZ');
    expect(input).toHaveValue('Česko');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click on the input opens the list, like a native select, at the chosen option', async () => {
    renderWithProviders(<Single initial="SG" />);
    const input = screen.getByRole('combobox', { name: 'Country/region' });
    await userEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    const singapore = screen.getByRole('option', { name: /Singapore/ });
    expect(input).toHaveAttribute('aria-activedescendant', singapore.id);
    await userEvent.click(screen.getByRole('option', { name: /Germany/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('DE');
    expect(screen.queryByRole('listbox')).toBeNull();
    // a second click opens it again
    await userEvent.click(input);
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('ArrowDown opens the list on the first option', async () => {
    renderWithProviders(<Single />);
    const input = screen.getByRole('combobox');
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
  });

  it('typing lists the exact match first', async () => {
    const places: SelectOption[] = [
      { value: 'BQ', label: 'Caribbean Netherlands', group: 'North America' },
      { value: 'NL', label: 'Netherlands', group: 'Europe' },
    ];
    const onChange = vi.fn();
    renderWithProviders(<Select label="Country/region" options={places} value={null} onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox'), 'Netherlands');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Netherlands', 'Caribbean Netherlands']);
    // the best match is the active one, so Enter takes it
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Netherlands' }).id);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('NL');
  });

  it("says 'No results' when nothing matches", async () => {
    renderWithProviders(<Single />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    // the same live region, present before, now says it (a region added with its text is often not read)
    expect(status).toHaveTextContent('No results');
    expect(screen.getByText('No results', { selector: '[aria-hidden="true"]' })).toBeVisible();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the current value and Escape closes the list', async () => {
    renderWithProviders(<Single initial="SG" />);
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('Singapore');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Singapore/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('wires label, required and the inline error like TextField', () => {
    renderWithProviders(<Single error="This field is required" />);
    const input = screen.getByRole('combobox', { name: 'Country/region' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
  });

  it('multiple: selects several values shown as removable tags', async () => {
    renderWithProviders(<Multi options={countries} />);
    const input = screen.getByRole('combobox', { name: 'Topics' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(await screen.findByRole('option', { name: /Germany/ }));
    await userEvent.click(screen.getByRole('option', { name: /Singapore/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('DE,SG');
    const tags = screen.getByRole('list', { name: 'Selected' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Germany', 'Singapore']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Germany' }));
    expect(screen.getByTestId('value')).toHaveTextContent('SG');
  });

  it(`multiple: shows at most ${MAX_TAGS} tags, then '+N more'`, () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ value: `v${i}`, label: `Topic ${i}` }));
    renderWithProviders(<Multi options={many} initial={many.map((o) => o.value)} />);
    const tags = screen.getByRole('list', { name: 'Selected' });
    expect(within(tags).getAllByRole('button', { name: /^Remove / })).toHaveLength(MAX_TAGS);
    expect(within(tags).getByText('+5 more')).toBeInTheDocument();
    expect(screen.queryByText('Topic 20')).toBeNull();
  });

  it('describes the input by the hint, then the error', () => {
    renderWithProviders(<Select label="Region" options={countries} value={null} onChange={() => {}} hint="Where your data is stored" error="Required" />);
    const input = screen.getByRole('combobox', { name: 'Region' });
    expect(input).toHaveAccessibleDescription('Where your data is stored Required');
  });

  it('forceOpen renders the list without interaction (stories)', () => {
    renderWithProviders(<Select label="Country/region" options={countries} value={null} onChange={() => {}} forceOpen />);
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('disabled: no interaction', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Select label="Locked" options={countries} value="DE" onChange={onChange} disabled />);
    expect(screen.getByRole('combobox')).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
