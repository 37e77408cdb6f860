import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers, type ProvidersProps } from './Providers';

/** render() with the portal's providers around the element. */
export function renderWithProviders(ui: ReactElement, options: Omit<ProvidersProps, 'children'> & RenderOptions = {}) {
  const { theme, i18n, store, ...rest } = options;
  return render(ui, {
    wrapper: ({ children }) => (
      <Providers theme={theme} i18n={i18n} store={store}>
        {children}
      </Providers>
    ),
    ...rest,
  });
}
