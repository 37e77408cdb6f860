import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/render';
import { Truncate } from './Truncate';

describe('Truncate', () => {
  it('lets the text take its own direction, so a cut address in a right-to-left page ends with its ellipsis', () => {
    renderWithProviders(
      <div dir="rtl">
        <Truncate text="maximiliana.alexandrina@partner-example.com" />
        <Truncate text="ana@example.com" />
      </div>,
    );
    expect(screen.getByText('maximiliana.alexandrina@p…')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('ana@example.com')).toHaveAttribute('dir', 'auto');
  });

  it('renders short text plainly, not focusable, no tooltip', () => {
    const { container } = renderWithProviders(<Truncate text="Exactly twenty-five chars" />);
    expect(container).toHaveTextContent('Exactly twenty-five chars');
    expect(container.querySelector('[tabindex]')).toBeNull();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('cuts at 25 characters by default with an ellipsis and shows the full text on hover and focus', async () => {
    const text = 'Northwind Traders International Holdings';
    renderWithProviders(<Truncate text={text} />);
    const shown = screen.getByText('Northwind Traders Interna…');
    expect(shown).toHaveAttribute('tabindex', '0');
    expect(shown).toHaveAccessibleDescription(text);
    await userEvent.hover(shown);
    expect(screen.getByRole('tooltip')).toHaveTextContent(text);
    await userEvent.unhover(shown);
    await userEvent.tab();
    expect(shown).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(text);
  });

  it('honours max and never splits a character outside the BMP', () => {
    renderWithProviders(<Truncate text="😀😀😀😀" max={2} />);
    expect(screen.getByText('😀😀…')).toBeInTheDocument();
  });
});
