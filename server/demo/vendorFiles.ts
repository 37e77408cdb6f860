/**
 * The browser libraries of the demo service, served from node_modules as their packages ship
 * them (no build step): oidc-client-ts's browser bundle (a classic script that defines `oidc`)
 * and jose's Web API modules (ES modules with relative imports). The files are read once at
 * start; a request is answered from that list only, so no request path reaches the file system.
 */
import fs from 'node:fs';
import path from 'node:path';

export const VENDOR_PATH = '/demo-service/vendor';
export const OIDC_CLIENT_SCRIPT = `${VENDOR_PATH}/oidc-client-ts.min.js`;

export interface VendorFile {
  type: string;
  body: string;
}

function walk(dir: string, prefix: string, out: Map<string, VendorFile>): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`, out);
    else if (entry.name.endsWith('.js')) out.set(`${prefix}${entry.name}`, { type: 'text/javascript; charset=utf-8', body: fs.readFileSync(full, 'utf8') });
  }
}

/** Path below VENDOR_PATH → file, for the packages installed under `repoRoot`. */
export function vendorFiles(repoRoot: string): Map<string, VendorFile> {
  const files = new Map<string, VendorFile>();
  const modules = path.join(repoRoot, 'node_modules');
  const browser = path.join(modules, 'oidc-client-ts', 'dist', 'browser');
  files.set('oidc-client-ts.min.js', { type: 'text/javascript; charset=utf-8', body: fs.readFileSync(path.join(browser, 'oidc-client-ts.min.js'), 'utf8') });
  files.set('oidc-client-ts.min.js.map', { type: 'application/json; charset=utf-8', body: fs.readFileSync(path.join(browser, 'oidc-client-ts.min.js.map'), 'utf8') });
  walk(path.join(modules, 'jose', 'dist', 'webapi'), 'jose/', files);
  return files;
}
