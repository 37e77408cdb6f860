import { useTheme } from '@emotion/react';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { defaultTheme } from '../../themes/default.theme';
import { midnightTheme } from '../../themes/midnight.theme';
import { pageThemeAtom } from './pageTheme';
import { PortalTheme } from './PortalTheme';

function Probe() {
  return <output>{useTheme().name}</output>;
}

describe('PortalTheme', () => {
  it("gives everything below a page's own theme while one is set, else the deployment's", () => {
    const store = createStore();
    render(
      <JotaiProvider store={store}>
        <PortalTheme deployment={defaultTheme}>
          <Probe />
        </PortalTheme>
      </JotaiProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('default');
    act(() => store.set(pageThemeAtom, midnightTheme));
    expect(screen.getByRole('status').textContent).toBe('midnight');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(18, 20, 23)'); // the page colour follows
    act(() => store.set(pageThemeAtom, null));
    expect(screen.getByRole('status').textContent).toBe('default');
  });

  it("sets the tab icon to the active theme's favicon and gives the deployment's back", () => {
    const store = createStore();
    const icon = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');
    render(
      <JotaiProvider store={store}>
        <PortalTheme deployment={defaultTheme}>
          <Probe />
        </PortalTheme>
      </JotaiProvider>,
    );
    expect(icon()).toBe(defaultTheme.brand.faviconUrl);
    act(() => store.set(pageThemeAtom, midnightTheme));
    expect(icon()).toBe(midnightTheme.brand.faviconUrl);
    act(() => store.set(pageThemeAtom, { ...midnightTheme, brand: { ...midnightTheme.brand, faviconUrl: 'javascript:alert(1)' } }));
    expect(icon()).toBe(midnightTheme.brand.faviconUrl); // an unsafe one is not taken
    act(() => store.set(pageThemeAtom, null));
    expect(icon()).toBe(defaultTheme.brand.faviconUrl);
  });
});
