import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderWithProviders } from '../testing/render';
import { PageCard, ReadOnlyValue } from './page';

describe('PageCard', () => {
  it('a page: a region named by its h1; the badge, intro and actions stay out of the name', () => {
    renderWithProviders(
      <PageCard level={1} id="co" title="Northwind" badge={<span>Not certified</span>} intro="Company details" actions={<button type="button">Invite</button>} busy>
        body
      </PageCard>,
    );
    const region = screen.getByRole('region', { name: 'Northwind' });
    expect(screen.getByRole('heading', { level: 1, name: 'Northwind' })).toHaveAttribute('id', 'co-heading');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveTextContent('Not certified');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('tabindex');
  });

  it('a section: an h2; a heading the page focuses itself is script-focusable only, without a ring', () => {
    const ref = createRef<HTMLHeadingElement>();
    renderWithProviders(
      <PageCard id="timeout" title="Session timeout" headingRef={ref}>
        body
      </PageCard>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Session timeout' });
    expect(ref.current).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    heading.focus();
    expect(heading).toHaveFocus();
    expect(getComputedStyle(heading).outline).toBe('none'); // jsdom keeps the shorthand
  });
});

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
