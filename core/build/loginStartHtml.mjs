// Emits dist/login-start.html, the page a bare /login gets instead of the app (server/http/loginStart.ts):
// one small script, no inline code (the CSP forbids it). The server fills in the per-request nonce and the
// app's entry (__APP_ENTRY__, read from index.html), which the script loads when it cannot go on alone.
// Emitted only when the deployment config built in enables the authorize plugin in every region: a
// disabled plugin costs nothing, and such a build's bare /login boots the app as before.
import { readFileSync } from 'node:fs';
import { pageHtml } from './htmlEntry.mjs';

/** Whether the config file enables `plugin` at the top level and no region turns it off. */
export function enabledEverywhere(configFile, plugin) {
  const config = JSON.parse(readFileSync(configFile, 'utf8'));
  if (config.plugins?.[plugin]?.enabled !== true) return false;
  return Object.values(config.regions ?? {}).every((region) => region?.plugins?.[plugin]?.enabled !== false);
}

export function loginStartHtml({ configFile, title }) {
  return {
    name: 'portal-login-start-html',
    generateBundle(_options, bundle) {
      if (!enabledEverywhere(configFile, 'authorize')) return;
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      const html = pageHtml({
        title,
        icon: 'data:,',
        entryFile: entry.fileName,
        meta: ['    <meta name="portal-start" content="login">', '    <meta name="portal-app" content="__APP_ENTRY__">'],
      });
      this.emitFile({ type: 'asset', fileName: 'login-start.html', source: html });
    },
  };
}
