import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../options';
import { ServerExtensions } from './points';
import { allHalves, loadServerHalves, serverHalfFiles, setUpServerHalves } from './serverHalves';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A repository with one plugin folder whose server half is `half` (source text). */
function repoWith(id: string, half: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'uid-halves-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'plugins', id, 'server'), { recursive: true });
  fs.writeFileSync(path.join(root, 'plugins', id, 'index.ts'), 'export default {};\n');
  fs.writeFileSync(path.join(root, 'plugins', id, 'server', 'index.ts'), half);
  return root;
}

describe('server halves', () => {
  it('are found by folder: this repository has the company half, and no list in server/ names it', () => {
    expect(serverHalfFiles(REPO_ROOT).map((h) => h.id)).toContain('company');
  });

  it('refuses a half whose id is not its folder', async () => {
    const root = repoWith('loyalty', "export default { id: 'loyalty-points', routes: async () => {} };\n");
    await expect(loadServerHalves(root)).rejects.toThrow("plugins/loyalty: server/index.ts: its id is 'loyalty-points', but the plugin's is 'loyalty': use id 'loyalty'");
  });

  it('refuses a half without defineServerPlugin as its default export', async () => {
    const root = repoWith('loyalty', 'export const routes = async () => {};\n');
    await expect(loadServerHalves(root)).rejects.toThrow("plugins/loyalty: server/index.ts: its default export must be defineServerPlugin({ id: 'loyalty', … })");
  });

  it('refuses two halves with one id (one found by folder, one given in code)', () => {
    expect(() => allHalves([{ id: 'company' }], [{ id: 'company' }])).toThrow("two server halves claim the plugin id 'company'");
    expect(allHalves([{ id: 'company' }], [{ id: 'loyalty' }]).map((h) => h.id)).toEqual(['company', 'loyalty']);
  });

  it("contributes under the half's plugin, or the plugin it names", async () => {
    const root = repoWith('loyalty', "export default { id: 'loyalty', setup(host) { host.contribute('fileReader', { kind: 'card', mayRead: async () => true }); host.contribute('fileReader', { kind: 'voucher', mayRead: async () => true }, { plugin: 'company' }); } };\n");
    const halves = await loadServerHalves(root);
    const extensions = new ServerExtensions();
    setUpServerHalves(halves, extensions);
    const on = (plugins: string[]) => ({ switches: { state: (id: string) => (plugins.includes(id) ? 'on' : 'off-here') } }) as unknown as Parameters<ServerExtensions['for']>[0];
    expect(extensions.for(on(['loyalty']), 'fileReader', 'Euw').map((r) => r.kind)).toEqual(['card']);
    expect(extensions.for(on(['company']), 'fileReader', 'Euw').map((r) => r.kind)).toEqual(['voucher']);
    expect(extensions.for(on([]), 'fileReader', 'Euw')).toEqual([]);
  });
});
