import createCache from '@emotion/cache';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { releaseBootShell } from './app/BootShellRelease';
import { boot } from './boot/boot';
import { ConfigErrorScreen } from './boot/ConfigErrorScreen';
import { stripTokensFromUrl } from './session/urlTokens';

// Tokens never linger in the address bar or history, whatever loads next.
stripTokensFromUrl(window);

const container = document.getElementById('root')!;
const root = createRoot(container);
// The server stamps a per-request nonce; emotion's style tags carry it so the CSP can forbid inline styles otherwise.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const cache = createCache({ key: 'uid', nonce: nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined });

boot().then(
  (booted) => root.render(<App services={booted.services} servicesFor={booted.servicesFor} theme={booted.theme} cache={cache} />),
  (err: unknown) => {
    const detail = err instanceof Error ? err.message : String(err);
    console.error('[boot]', detail);
    releaseBootShell();
    root.render(<ConfigErrorScreen detail={detail} />);
  },
);
