import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/visual-digests.mjs on a small made-up project: which stories a visual test shoots again
 * after a change, given the build's module graph and what each story was seen to load.
 */
const script = path.resolve(import.meta.dirname, 'visual-digests.mjs');
let dir = '';
let environment = 'Chromium 1 / fonts 1';

const STORIES = {
  'a--one': { title: 'A', name: 'One', importPath: './a.stories.tsx' },
  'a--two': { title: 'A', name: 'Two', importPath: './a.stories.tsx' },
  'b--one': { title: 'B', name: 'One', importPath: './b.stories.tsx' },
};
// a.stories reaches a.tsx and shared.ts; b.stories reaches shared.ts; both reach the catalogues.
const GRAPH = {
  './a.stories.tsx': { imports: ['./a.tsx', './shared.ts', 'virtual:plugin-catalogue', './core/testing/testI18n.ts'] },
  './b.stories.tsx': { imports: ['./shared.ts', 'virtual:plugin-catalogue', './core/testing/testI18n.ts'] },
  'virtual:/@storybook/builder-vite/project-annotations.js': { imports: ['./.storybook/preview.tsx'], code: 'annotations' },
  './.storybook/preview.tsx': { imports: ['./core/testing/Providers.tsx', './core/testing/testI18n.ts'] },
  './core/testing/Providers.tsx': { imports: [] },
  './a.tsx': { imports: [] },
  './shared.ts': { imports: ['virtual:portal-config'] },
  'virtual:portal-config': { imports: [], code: 'export default {"region":"euw"}' },
  'virtual:plugin-catalogue': { imports: ['./plugins/x/index.ts', './plugins/y/index.ts'], code: 'catalogue' },
  './plugins/x/index.ts': { imports: [] },
  './plugins/y/index.ts': { imports: [] },
  './core/testing/testI18n.ts': { imports: ['./locales/en_US/a.json', './locales/en_US/b.json', './node_modules/i18next/index.js'] },
  './locales/en_US/a.json': { imports: [] },
  './locales/en_US/b.json': { imports: [] },
};

function write(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

const writeLoki = (configurations: Record<string, Record<string, unknown>>, settings: Record<string, unknown> = { chromeRetries: 2 }) => write('package.json', JSON.stringify({ loki: { ...settings, configurations } }));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-visual-digests-'));
  write('static/index.json', JSON.stringify({ v: 5, entries: Object.fromEntries(Object.entries(STORIES).map(([id, s]) => [id, { id, type: 'story', ...s }])) }));
  write('graph.json', JSON.stringify({ modules: GRAPH }));
  writeLoki({ 'chrome.375': { width: 375 }, 'chrome.1366': { width: 1366 } });
  write('package-lock.json', '{"lockfileVersion":3}');
  write('.storybook/preview.tsx', 'preview');
  for (const file of Object.keys(GRAPH).filter((f) => f.startsWith('./') && !f.includes('node_modules'))) write(file, `// ${file}`);
  for (const s of Object.values(STORIES)) for (const c of ['chrome_375', 'chrome_1366']) write(`tests/visual/reference/${c}_${s.title}_${s.name}.png`, `png ${s.title} ${s.name}`);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, VISUAL_DIGEST_ROOT: dir, VISUAL_DIGEST_ENVIRONMENT: environment } });
  expect(r.status, r.stderr).toBe(0);
  return { lines: r.stdout.split('\n').filter(Boolean), stderr: r.stderr };
}
const select = () => run('select', path.join(dir, 'static'), path.join(dir, 'graph.json'), path.join(dir, 'digests.json')).lines;
/** A run that shot `shot`, each story having loaded what `traces` says (by story id). */
function record(shot: string[], traces: Record<string, string[]>) {
  write('shot', shot.map((s) => `${s}\n`).join(''));
  write('trace.jsonl', Object.entries(traces).map(([id, uses]) => `${JSON.stringify({ id, uses })}\n`).join(''));
  return run('record', path.join(dir, 'static'), path.join(dir, 'graph.json'), path.join(dir, 'digests.json'), path.join(dir, 'shot'), path.join(dir, 'trace.jsonl'));
}
const ALL = ['A One', 'A Two', 'B One'];
const recordAll = () => record(ALL, { 'a--one': ['ns:a', 'plugin:x'], 'a--two': ['ns:a'], 'b--one': ['ns:b', 'plugin:y'] });

describe('scripts/visual-digests.mjs', () => {
  it('shoots every story that has no recorded digest', () => {
    expect(select()).toEqual(ALL);
  });

  it('shoots nothing once every story was recorded and nothing changed', () => {
    recordAll();
    expect(select()).toEqual([]);
  });

  it("shoots a story file's stories again when a file it reaches changes, and only those", () => {
    recordAll();
    write('a.tsx', '// changed');
    expect(select()).toEqual(['A One', 'A Two']);
  });

  it('shoots every story reaching a changed shared file, and one reaching a changed virtual module', () => {
    recordAll();
    write('shared.ts', '// changed');
    expect(select()).toEqual(ALL);
    write('shared.ts', '// ./shared.ts');
    expect(select()).toEqual([]);
    GRAPH['virtual:portal-config'].code = 'export default {"region":"use"}';
    write('graph.json', JSON.stringify({ modules: GRAPH }));
    GRAPH['virtual:portal-config'].code = 'export default {"region":"euw"}';
    expect(select()).toEqual(ALL);
  });

  it('counts a plugin behind the catalogue only for the stories that loaded it', () => {
    recordAll();
    write('plugins/x/index.ts', '// changed');
    expect(select()).toEqual(['A One']);
  });

  it('counts a locale namespace only for the stories that read it, in every language', () => {
    recordAll();
    write('locales/de_DE/b.json', '{}'); // not in the graph: no story can have read it
    expect(select()).toEqual([]);
    write('locales/en_US/b.json', '{"changed":true}');
    expect(select()).toEqual(['B One']);
  });

  it("shoots a story whose reference image changed or went missing", () => {
    recordAll();
    write('tests/visual/reference/chrome_1366_A_Two.png', 'another picture');
    expect(select()).toEqual(['A Two']);
    fs.rmSync(path.join(dir, 'tests/visual/reference/chrome_375_B_One.png'));
    expect(select()).toEqual(['A Two', 'B One']);
  });

  it("shoots every story when a file of Storybook's preview changes (it wraps every story)", () => {
    recordAll();
    write('core/testing/Providers.tsx', '// changed');
    expect(select()).toEqual(ALL);
  });

  it("shoots only the stories a configuration's change concerns", () => {
    recordAll();
    // Skipping B at 1366: B's shots change, A's do not.
    writeLoki({ 'chrome.375': { width: 375 }, 'chrome.1366': { width: 1366, skipStories: '^B ' } });
    expect(select()).toEqual(['B One']);
    recordAll();
    writeLoki({ 'chrome.375': { width: 376 }, 'chrome.1366': { width: 1366, skipStories: '^B ' } });
    expect(select()).toEqual(ALL);
    recordAll();
    writeLoki({ 'chrome.375': { width: 376 }, 'chrome.1366': { width: 1366, skipStories: '^B ' } }, { chromeRetries: 3 });
    expect(select()).toEqual(ALL);
  });

  it('shoots everything on another browser or other fonts', () => {
    recordAll();
    environment = 'Chromium 2 / fonts 1';
    expect(select()).toEqual(ALL);
    environment = 'Chromium 1 / fonts 1';
  });

  it('shoots everything when the installed packages or the Storybook set-up change', () => {
    recordAll();
    write('package-lock.json', '{"lockfileVersion":3,"x":1}');
    expect(select()).toEqual(ALL);
    recordAll();
    write('.storybook/preview.tsx', 'preview changed');
    expect(select()).toEqual(ALL);
  });

  it("shoots nothing when only the server's packages change, and everything when a package the stories share changes", () => {
    const lock = (packages: Record<string, unknown>) => JSON.stringify({ lockfileVersion: 3, packages });
    const withServerOnly = (serverOnly: string[]) => write('package.json', JSON.stringify({ loki: { chromeRetries: 2, configurations: { 'chrome.375': { width: 375 }, 'chrome.1366': { width: 1366 } } }, visualDigest: { serverOnly } }));
    withServerOnly(['server-lib']);
    const base = { '': { dependencies: { react: '19', 'server-lib': '1' } }, 'node_modules/react': { version: '19.0.0', dependencies: { shared: '2' } }, 'node_modules/server-lib': { version: '1.0.0', dependencies: { 'xml-thing': '1', shared: '1' } }, 'node_modules/xml-thing': { version: '1.0.0' }, 'node_modules/shared': { version: '1.0.0' }, 'node_modules/react/node_modules/shared': { version: '2.0.0' } };
    write('package-lock.json', lock(base));
    recordAll();
    // The server library bumped, with what only it pulls in, and a new server library added.
    write('package-lock.json', lock({ ...base, '': { dependencies: { react: '19', 'server-lib': '2', 'other-server-lib': '1' } }, 'node_modules/server-lib': { version: '2.0.0', dependencies: { 'xml-thing': '2' } }, 'node_modules/xml-thing': { version: '2.0.0' }, 'node_modules/other-server-lib': { version: '1.0.0' } }));
    withServerOnly(['server-lib', 'other-server-lib']);
    expect(select()).toEqual([]);
    // A package react resolves (its own nested copy) changed: every story again.
    write('package-lock.json', lock({ ...base, 'node_modules/react/node_modules/shared': { version: '2.0.1' } }));
    withServerOnly(['server-lib']);
    expect(select()).toEqual(ALL);
  });

  it('refuses a serverOnly list that names a package the stories load', () => {
    write('package.json', JSON.stringify({ loki: { configurations: {} }, visualDigest: { serverOnly: ['i18next'] } }));
    const r = spawnSync(process.execPath, [script, 'select', path.join(dir, 'static'), path.join(dir, 'graph.json'), path.join(dir, 'digests.json')], { cwd: dir, encoding: 'utf8', env: { ...process.env, VISUAL_DIGEST_ROOT: dir, VISUAL_DIGEST_ENVIRONMENT: environment } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('names packages the stories load: ./node_modules/i18next/index.js');
  });

  it('records only stories that were shot and sent a trace, and keeps what others had', () => {
    record(['A One'], { 'a--one': ['ns:a'] });
    expect(select()).toEqual(['A Two', 'B One']);
    const { stderr } = record(['A Two', 'B One'], { 'b--one': ['ns:b'] });
    expect(stderr).toContain('1 shot stories sent no trace');
    expect(select()).toEqual(['A Two']);
  });

  it('drops the digests of stories that no longer exist', () => {
    recordAll();
    const digests = JSON.parse(fs.readFileSync(path.join(dir, 'digests.json'), 'utf8')) as Record<string, unknown>;
    write('digests.json', JSON.stringify({ ...digests, 'Gone Story': { digest: 'x', uses: [] } }));
    record([], {});
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'digests.json'), 'utf8')) as object)).toEqual(ALL);
  });

  it('records what was built, not what a file became during the run (the snapshot taken after the build)', () => {
    run('snapshot', path.join(dir, 'static'), path.join(dir, 'graph.json'), path.join(dir, 'snapshot.json'));
    write('a.tsx', '// edited while the run was shooting');
    write('shot', ALL.map((n) => `${n}\n`).join(''));
    write('trace.jsonl', ['a--one', 'a--two', 'b--one'].map((id) => `${JSON.stringify({ id, uses: [] })}\n`).join(''));
    run('record', path.join(dir, 'static'), path.join(dir, 'graph.json'), path.join(dir, 'digests.json'), path.join(dir, 'shot'), path.join(dir, 'trace.jsonl'), path.join(dir, 'snapshot.json'));
    // The edit was never shot: its stories are shot next time.
    expect(select()).toEqual(['A One', 'A Two']);
  });

  it('without a module graph, knows nothing unchanged', () => {
    recordAll();
    fs.rmSync(path.join(dir, 'graph.json'));
    expect(select()).toEqual(ALL);
  });
});
