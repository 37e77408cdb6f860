import '@emotion/react';
import type { ThemeTokens } from './tokens';

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface: it gives emotion's Theme the tokens
  export interface Theme extends ThemeTokens {}
}
