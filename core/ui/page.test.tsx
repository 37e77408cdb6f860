import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { ReadOnlyValue } from './page';

describe('ReadOnlyValue', () => {
  it('isolates a text value, so an English value on an Arabic page keeps its full stop at its end', () => {
    renderWithProviders(
      <div dir="rtl">
        <ReadOnlyValue label="ملاحظة" value="Partner since 2019." />
        <ReadOnlyValue label="الموقع" value={<a href="https://example.com">example.com</a>} />
      </div>,
    );
    expect(screen.getByText('Partner since 2019.').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'example.com' }).parentElement?.tagName).toBe('DIV');
  });
});
