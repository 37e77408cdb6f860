import '@emotion/react';
import type { ThemeTokens } from './tokens';

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends ThemeTokens {}
}
