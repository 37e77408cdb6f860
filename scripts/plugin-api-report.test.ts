import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedReports, entryPoints, type Extraction, extractReports, REPORT_FOLDER } from './plugin-api-report';

/**
 * The plugin API's surface is the one recorded in core/plugin-api/api/ (`npm run api:report` writes it):
 * a surface that changes without its report fails here, in the unit stage, as does an export without a
 * TSDoc comment. API Extractor runs once for every entry (about 15 s on a quiet 2-core machine).
 */
let extraction: Extraction;
let scratch = '';

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-api-reports-'));
  // `npm run api:docs` as well, into the scratch folder: the reference it writes is checked below.
  extraction = extractReports({ docs: path.join(scratch, 'docs') });
}, 180_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the plugin API report', () => {
  it('has one report per entry point of the package', () => {
    expect([...extraction.reports.keys()].sort()).toEqual(entryPoints().map((e) => e.report).sort());
    expect(entryPoints().map((e) => e.subpath)).toEqual(['.', './config', './contract', './modal', './start', './testing']);
  });

  it('matches the surface: the checked-in reports are up to date (else: npm run api:report, a new version, a CHANGELOG entry)', () => {
    const changed = changedReports(extraction.reports);
    expect(changed.map((c) => c.diff).join('\n')).toBe('');
  });

  it('documents every exported name (a TSDoc comment where it is declared), and API Extractor reports no problem', () => {
    expect(extraction.undocumented).toEqual([]);
    expect(extraction.problems).toEqual([]);
  });

  it('fails when the surface changed without the report: an export missing from it, or one it still lists', () => {
    const copy = path.join(scratch, 'reports');
    fs.mkdirSync(copy);
    for (const file of fs.readdirSync(REPORT_FOLDER)) fs.copyFileSync(path.join(REPORT_FOLDER, file), path.join(copy, file));
    const report = path.join(copy, 'plugin-api.api.md');
    const recorded = fs.readFileSync(report, 'utf8');
    // As if `signedInAtom` had been added to the API after the report was written, and a writer were still listed.
    const edited = recorded.replace(/\/\/ @public\nexport const signedInAtom: [^\n]*\n\n/, '') + '\n// @public\nexport function saveTokens(tokens: TokenSet): void;\n';
    expect(edited).not.toBe(recorded);
    fs.writeFileSync(report, edited);
    const changed = changedReports(extraction.reports, copy);
    expect(changed.map((c) => c.report)).toEqual(['plugin-api']);
    expect(changed[0]!.diff).toContain('+export const signedInAtom');
    expect(changed[0]!.diff).toContain('-export function saveTokens(tokens: TokenSet): void;');
  });

  it('writes the reference docs (npm run api:docs): a page per entry under its import path, the session capability documented', () => {
    const docs = path.join(scratch, 'docs');
    const index = fs.readFileSync(path.join(docs, 'index.md'), 'utf8');
    for (const { importPath } of entryPoints()) expect(index).toContain(`[${importPath}]`);
    expect(fs.readFileSync(path.join(docs, 'plugin-api.sessiongrant.signin.md'), 'utf8')).toContain('A token hand-off');
    // The contract is documented once, under its own entry.
    expect(fs.existsSync(path.join(docs, 'plugin-api.contract.userinfo.md'))).toBe(true);
    expect(fs.existsSync(path.join(docs, 'plugin-api.userinfo.md'))).toBe(false);
  });

  it('records no session writer', () => {
    const surface = extraction.reports.get('plugin-api')!;
    for (const writer of ['saveTokens', 'setUser', 'clearSession', 'setRegion', 'tokensAtom', 'appStore', 'storage']) {
      expect(surface, writer).not.toMatch(new RegExp(`^export (const|function|class) ${writer}\\b`, 'm'));
    }
    expect(surface).toMatch(/^export const userAtom: Atom<UserInfo \| null>;$/m);
  });
});
