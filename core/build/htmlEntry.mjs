import { readFileSync } from 'node:fs';

// Emits dist/index.html pointing at the hashed entry chunk, with modulepreload hints for
// its static imports. No inline script: the CSP forbids it. The server replaces
// __CSP_NONCE__ per request (emotion's style tags carry that nonce).
/**
 * The one HTML page shape the build emits (index.html, login-start.html): the CSP nonce placeholder,
 * no referrer, one module entry. `meta` lines go before the title, `head` lines after the entry.
 */
export function pageHtml({ title, icon, entryFile, meta = [], head = [] }) {
  return `<!doctype html>
<html lang="en-US" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csp-nonce" content="__CSP_NONCE__">
    <meta name="referrer" content="no-referrer">
${meta.map((line) => `${line}\n`).join('')}    <title>${title}</title>
    <link rel="icon" href="${icon}">
    <script type="module" src="/${entryFile}"></script>
${head.map((line) => `${line}\n`).join('')}  </head>
  <body>
    <div id="root"></div>
    <noscript>The Unified ID portal needs JavaScript.</noscript>
  </body>
</html>
`;
}

export function htmlEntry({ title, favicon }) {
  return {
    name: 'portal-html-entry',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      const preloads = entry.imports.map((file) => `    <link rel="modulepreload" href="/${file}">`).join('\n');
      // Inline, as the default theme names it (themes/default.theme.ts): the browser fetches no icon file
      // before the login form. /favicon.svg stays for whatever asks for it by name.
      const icon = favicon ? `data:image/svg+xml,${encodeURIComponent(readFileSync(favicon, 'utf8').trim())}` : 'data:,';
      const html = pageHtml({ title, icon, entryFile: entry.fileName, head: [preloads] });
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
      // The default theme's favicon as a file too; other themes swap the page's icon at run time.
      if (favicon) this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync(favicon) });
    },
  };
}
