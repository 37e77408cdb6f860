/**
 * The plugin API's recorded surface (`@portal/plugin-api`, core/plugin-api/): one API Extractor report
 * per entry point of its package.json "exports", checked in under core/plugin-api/api/.
 *
 *   npm run api:report                         regenerate the reports after a deliberate change, and the
 *                                              docs made from the TSDoc comments (docs/plugin-api/)
 *   npm run api:docs                           only the docs (API Documenter, Markdown), after a comment changed
 *   tsx scripts/plugin-api-report.ts --check   fail when the surface differs from the reports, or an
 *                                              exported name has no TSDoc comment (the unit stage runs
 *                                              it: scripts/plugin-api-report.test.ts); the docs are not
 *                                              compared (a reworded comment does not fail CI)
 *
 * API Extractor reads declarations, so the entries' .d.ts files are emitted first (TypeScript, no type
 * check: tsc does that) into node_modules/.cache/plugin-api-report/; the six entries then share one
 * compiler state. A changed surface also needs a new version in core/plugin-api/package.json and a
 * CHANGELOG.md entry (semver: a removed or changed export is a major version).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage, ExtractorMessageCategory, type IConfigFile } from '@microsoft/api-extractor';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACKAGE = path.join(ROOT, 'core/plugin-api');
export const REPORT_FOLDER = path.join(PACKAGE, 'api');
/**
 * A scratch folder per run, outside node_modules (API Extractor takes whatever lies under a
 * node_modules folder for another package's), with a link to node_modules for React's and the
 * other packages' types.
 */
let WORK = '';
let DTS = '';
let MODEL = '';
export const DOCS_FOLDER = path.join(ROOT, 'docs/plugin-api');
/** Ambient declarations the entries' types need: the build's virtual modules, Vite's, emotion's theme. */
const AMBIENT = ['core/build/virtual.d.ts', 'core/build/vite-env.d.ts', 'themes/emotion.d.ts'];

interface PackageJson {
  name: string;
  version: string;
  exports: Record<string, string>;
}

/** Each entry point: its subpath ('.', './config'), its source, the name of its report and its import path. */
export function entryPoints(): { subpath: string; source: string; report: string; importPath: string; modelName: string }[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as PackageJson;
  return Object.entries(pkg.exports)
    .filter(([, target]) => target.endsWith('.ts'))
    .map(([subpath, target]) => ({
      subpath,
      source: path.join(PACKAGE, target),
      report: subpath === '.' ? 'plugin-api' : `plugin-api-${subpath.slice(2)}`,
      importPath: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`,
      // API Extractor documents one package per run and wants a package name without a second '/':
      // '@portal/plugin-api.config', shown as its import path in the reports and docs.
      modelName: subpath === '.' ? pkg.name : `${pkg.name}.${subpath.slice(2)}`,
    }));
}

/** The entries' declarations (and of everything they reach) under DTS, laid out as the sources are. */
function emitDeclarations(sources: string[]): void {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error('tsconfig.json could not be read');
  fs.rmSync(DTS, { recursive: true, force: true });
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    // Declarations only, no type check (tsc does that), and no test globals: it halves the time.
    noCheck: true,
    types: ['node'],
    incremental: false,
    rootDir: ROOT,
    declarationDir: DTS,
  };
  const program = ts.createProgram([...sources, ...AMBIENT.map((file) => path.join(ROOT, file))], options);
  const { diagnostics } = program.emit();
  if (diagnostics.length > 0) throw new Error(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' }));
  // What declaration emit leaves out: the ambient .d.ts files, and the JSON the types import (the English
  // locale files, whose keys type the translation keys), as declarations (name.d.json.ts) of its shape.
  for (const file of AMBIENT) {
    fs.mkdirSync(path.dirname(path.join(DTS, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(DTS, file));
  }
  for (const file of fs.readdirSync(DTS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.d.ts'))) {
    for (const [, json] of fs.readFileSync(path.join(DTS, file), 'utf8').matchAll(/from '(\.[^']+\.json)'/g)) {
      const target = path.resolve(path.dirname(path.join(DTS, file)), json!);
      const source = path.join(ROOT, path.relative(DTS, target));
      if (!fs.existsSync(source)) continue; // an example in a comment
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target.replace(/\.json$/, '.d.json.ts'), `declare const json: ${jsonType(JSON.parse(fs.readFileSync(source, 'utf8')))};\nexport default json;\n`);
    }
  }
}

/** The TypeScript type of a JSON value, as `import json from './x.json'` would see it. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return `(${[...new Set(value.map(jsonType))].join(' | ') || 'never'})[]`;
  if (value === null) return 'null';
  if (typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${jsonType(v)};`).join(' ')} }`;
  return typeof value;
}

type Entry = ReturnType<typeof entryPoints>[number];

function extractorConfig(entry: Entry, pkg: PackageJson): ExtractorConfig {
  const declaration = path.join(DTS, path.relative(ROOT, entry.source)).replace(/\.ts$/, '.d.ts');
  const configObject: IConfigFile = {
    projectFolder: ROOT,
    mainEntryPointFilePath: declaration,
    newlineKind: 'lf',
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          jsxImportSource: '@emotion/react',
          strict: true,
          skipLibCheck: true,
          // JSON imports resolve to the name.d.json.ts declarations written above.
          allowArbitraryExtensions: true,
          esModuleInterop: true,
          types: ['node'],
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        },
        files: [declaration, ...AMBIENT.map((file) => path.join(DTS, file))],
      },
    },
    // Written under WORK, then compared with (or copied to) the checked-in report by this script.
    apiReport: { enabled: true, reportFileName: entry.report, reportFolder: path.join(WORK, 'reports'), reportTempFolder: path.join(WORK, 'temp') },
    docModel: { enabled: true, apiJsonFilePath: path.join(MODEL, `${entry.report}.api.json`) },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning },
        // One package, one audience: no @public/@beta tags.
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
        // A type that a signature names but the entry does not export: the report says so, the run goes on.
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None },
        // Members without a comment are marked "(undocumented)" in the report; each exported name needs one (checked below).
        'ae-undocumented': { logLevel: ExtractorLogLevel.None },
      },
      // The comments are plain prose, not strict TSDoc markup; what counts is that each export has one (checked below).
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: undefined,
    packageJsonFullPath: path.join(PACKAGE, 'package.json'),
    packageJson: { name: entry.modelName, version: pkg.version },
  });
}

interface ApiItem {
  kind: string;
  name: string;
  docComment?: string;
  members?: ApiItem[];
}

/** Exported names without a TSDoc comment, per the doc model API Extractor wrote for one entry. */
function undocumented(modelFile: string): string[] {
  const model = JSON.parse(fs.readFileSync(modelFile, 'utf8')) as ApiItem;
  const entry = model.members?.[0];
  const documented = new Map<string, boolean>();
  for (const item of entry?.members ?? []) {
    const has = /\S/.test((item.docComment ?? '').replace(/^\s*\/\*\*|\*\/\s*$/g, '').replace(/^\s*\*/gm, ''));
    documented.set(item.name, (documented.get(item.name) ?? false) || has);
  }
  return [...documented].filter(([, has]) => !has).map(([name]) => name);
}

export interface Extraction {
  /** Each entry's report as API Extractor writes it now, by report name ('plugin-api-config'). */
  reports: Map<string, string>;
  /** `entry: name` for each export without a TSDoc comment. */
  undocumented: string[];
  /** API Extractor's errors and warnings, one line each. */
  problems: string[];
}

/** What differs between a checked-in report and the new one (diff -u), or '' when they are the same. */
function difference(checkedIn: string, fresh: string, name: string): string {
  if (checkedIn === fresh) return '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-api-diff-'));
  try {
    fs.writeFileSync(path.join(dir, 'a'), checkedIn);
    fs.writeFileSync(path.join(dir, 'b'), fresh);
    const run = spawnSync('diff', ['-u', '--label', `core/plugin-api/api/${name}.api.md (checked in)`, '--label', `${name}.api.md (the surface now)`, 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    return run.stdout || `${name}.api.md differs`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The reports that differ from the ones in `folder` (the checked-in ones by default), each with its diff. */
export function changedReports(reports: Map<string, string>, folder = REPORT_FOLDER): { report: string; diff: string }[] {
  const changed = [...reports].map(([report, fresh]) => {
    const file = path.join(folder, `${report}.api.md`);
    return { report, diff: difference(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', fresh, report) };
  });
  // A report in the folder that no entry makes any more (an entry taken out of "exports").
  const gone = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.api.md') && !reports.has(f.slice(0, -'.api.md'.length))) : [];
  return [...changed.filter((c) => c.diff), ...gone.map((f) => ({ report: f.slice(0, -'.api.md'.length), diff: `${f}: no entry point makes this report any more` }))];
}

/** Replaces the checked-in reports with `reports`. */
export function writeReports(reports: Map<string, string>): void {
  fs.mkdirSync(REPORT_FOLDER, { recursive: true });
  for (const f of fs.readdirSync(REPORT_FOLDER)) if (f.endsWith('.api.md')) fs.rmSync(path.join(REPORT_FOLDER, f));
  for (const [report, text] of reports) fs.writeFileSync(path.join(REPORT_FOLDER, `${report}.api.md`), text);
}

/** Runs API Extractor over every entry (and with `docs`, API Documenter into `docs`, docs/plugin-api/ by default). */
export function extractReports({ docs }: { docs?: boolean | string } = {}): Extraction {
  WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-api-report-'));
  DTS = path.join(WORK, 'dts');
  MODEL = path.join(WORK, 'model');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(WORK, 'node_modules'), 'dir');
  try {
    const extraction = extract();
    if (docs) writeDocs(typeof docs === 'string' ? docs : DOCS_FOLDER);
    return extraction;
  } finally {
    fs.rmSync(WORK, { recursive: true, force: true });
  }
}

function extract(): Extraction {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as PackageJson;
  const entries = entryPoints();
  const started = Date.now();
  emitDeclarations(entries.map((e) => e.source));
  fs.mkdirSync(path.join(WORK, 'reports'));
  const configs = entries.map((entry) => extractorConfig(entry, pkg));
  const emitted = Date.now();
  const compilerState = CompilerState.create(configs[0]!, { additionalEntryPoints: configs.slice(1).map((c) => c.mainEntryPointFilePath) });
  const outcome: Extraction = { reports: new Map(), undocumented: [], problems: [] };
  for (const [i, config] of configs.entries()) {
    const entry = entries[i]!;
    Extractor.invoke(config, {
      localBuild: true,
      compilerState,
      messageCallback: (message: ExtractorMessage) => {
        // Console messages are about the run itself (a report written under WORK), not the API.
        if (message.category !== ExtractorMessageCategory.Console && (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)) outcome.problems.push(`${entry.report}: ${message.formatMessageWithLocation(ROOT)}`);
        message.handled = true;
      },
    });
    // The report API Extractor wrote (its temp copy: the one it would compare), under the entry's import path.
    // Where a warning points into the declarations, the path is the source's (core/…), not this run's scratch folder's.
    const text = fs.readFileSync(path.join(WORK, 'temp', `${entry.report}.api.md`), 'utf8');
    outcome.reports.set(entry.report, text.replaceAll(entry.modelName, entry.importPath).replaceAll(`${DTS}${path.sep}`, ''));
    outcome.undocumented.push(...undocumented(path.join(MODEL, `${entry.report}.api.json`)).map((name) => `${entry.report}: ${name}`));
  }
  if (process.env.PLUGIN_API_REPORT_TIMES) console.log(`declarations ${emitted - started} ms, extraction ${Date.now() - emitted} ms`);
  return outcome;
}

/**
 * docs/plugin-api/: API Documenter's Markdown of the doc models the last run wrote. The contract is
 * documented once, under `@portal/plugin-api/contract`: the main entry and `/config` re-export it, and
 * their pages leave it out.
 */
function writeDocs(folder: string): void {
  const input = path.join(WORK, 'docs-input');
  fs.mkdirSync(input);
  const entries = entryPoints();
  const contract = entries.find((e) => e.subpath === './contract');
  const contractNames = new Set(contract ? (modelOf(contract).members?.[0]?.members ?? []).map((m) => m.name) : []);
  for (const entry of entries) {
    const model = modelOf(entry);
    const members = model.members?.[0];
    if (entry !== contract && members?.members) members.members = members.members.filter((m) => !contractNames.has(m.name));
    fs.writeFileSync(path.join(input, `${entry.report}.api.json`), JSON.stringify(model));
  }
  fs.rmSync(folder, { recursive: true, force: true });
  const bin = path.join(ROOT, 'node_modules/@microsoft/api-documenter/bin/api-documenter');
  const run = spawnSync(process.execPath, [bin, 'markdown', '--input-folder', input, '--output-folder', folder], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`api-documenter failed:\n${run.stdout}${run.stderr}`);
  // Each entry under its import path, as in the reports.
  const renamed = entries.filter((e) => e.modelName !== e.importPath);
  for (const file of fs.readdirSync(folder)) {
    const full = path.join(folder, file);
    const text = fs.readFileSync(full, 'utf8');
    const shown = renamed.reduce((t, e) => t.replaceAll(e.modelName, e.importPath), text);
    if (shown !== text) fs.writeFileSync(full, shown);
  }
}

const modelOf = (entry: Entry): ApiItem => JSON.parse(fs.readFileSync(path.join(MODEL, `${entry.report}.api.json`), 'utf8')) as ApiItem;

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const docsOnly = args.includes('--docs');
  const started = Date.now();
  const { reports, undocumented: bare, problems } = extractReports({ docs: !check });
  const changed = check ? changedReports(reports) : [];
  if (!check && !docsOnly) writeReports(reports);
  for (const line of problems) console.error(line);
  if (bare.length > 0) console.error(`Exports without a TSDoc comment (give each a /** … */ where it is declared):\n  ${bare.join('\n  ')}`);
  if (changed.length > 0) {
    for (const { diff } of changed) console.error(diff);
    console.error(
      `The plugin API's surface changed (${changed.map((c) => c.report).join(', ')}) and core/plugin-api/api/ does not say so. If that is meant, ` +
        'run `npm run api:report`, commit core/plugin-api/api/, and give core/plugin-api/package.json a new version with a CHANGELOG.md entry.',
    );
  }
  const failed = changed.length > 0 || bare.length > 0 || problems.length > 0;
  const what = check ? `checked ${reports.size} API reports` : docsOnly ? 'wrote docs/plugin-api/' : `wrote ${reports.size} API reports and docs/plugin-api/`;
  console.log(`${what} in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? ': problems above' : ''}`);
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
