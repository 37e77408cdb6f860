import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginModule } from '../registry/types';
import { loadManifests } from './loadPlugins';
import { pickManifestGroup } from './manifestGroups';

const group = (plugins: string[]) => ({ plugins, value: plugins.join('+') });

describe('pickManifestGroup', () => {
  it('takes the largest group whose plugins are all enabled', () => {
    const groups = [group(['a', 'b']), group(['a', 'b', 'c']), group(['a', 'b', 'c', 'd'])];
    expect(pickManifestGroup(groups, ['a', 'b', 'c', 'x'])?.value).toBe('a+b+c');
  });

  it('takes none when each group holds a plugin that is off, or a group of one', () => {
    expect(pickManifestGroup([group(['a', 'b'])], ['a'])).toBeNull();
    expect(pickManifestGroup([group(['a'])], ['a'])).toBeNull();
    expect(pickManifestGroup([], ['a'])).toBeNull();
  });
});

describe('loadManifests with groups', () => {
  const mod = (id: string) => ({ default: { id } }) as unknown as PluginModule;
  // A catalogue per test: what a page has loaded is remembered per catalogue.
  let catalogue: Record<'a' | 'b' | 'c', ReturnType<typeof vi.fn<() => Promise<PluginModule>>>>;
  beforeEach(() => {
    catalogue = { a: vi.fn(async () => mod('a')), b: vi.fn(async () => mod('b')), c: vi.fn(async () => mod('c')) };
  });

  it('loads a fitting group once and the other enabled manifests one by one', async () => {
    const load = vi.fn(async () => ({ a: mod('a'), b: mod('b') }));
    const manifests = await loadManifests(['a', 'b', 'c'], catalogue, [{ plugins: ['a', 'b'], value: load }]);
    expect(manifests.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(catalogue.a).not.toHaveBeenCalled();
    expect(catalogue.c).toHaveBeenCalledTimes(1);
  });

  it('never loads a group holding a plugin that is off', async () => {
    const load = vi.fn(async () => ({ a: mod('a'), c: mod('c') }));
    const manifests = await loadManifests(['a', 'b'], catalogue, [{ plugins: ['a', 'c'], value: load }]);
    expect(manifests.map((m) => m.id)).toEqual(['a', 'b']);
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps one module per plugin: a second region's registry reuses what the first loaded, and no group repeats it", async () => {
    const first = await loadManifests(['a', 'b'], catalogue);
    const load = vi.fn(async () => ({ a: mod('a'), c: mod('c') }));
    const second = await loadManifests(['a', 'c'], catalogue, [{ plugins: ['a', 'c'], value: load }]);
    expect(load).not.toHaveBeenCalled();
    expect(second[0]).toBe(first[0]);
    expect(catalogue.a).toHaveBeenCalledTimes(1);
    expect(catalogue.c).toHaveBeenCalledTimes(1);
  });

  it('forgets a manifest whose chunk failed, so the next try fetches it again', async () => {
    catalogue.b.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(loadManifests(['b'], catalogue)).rejects.toThrow('chunk failed');
    expect((await loadManifests(['b'], catalogue))[0]!.id).toBe('b');
    expect(catalogue.b).toHaveBeenCalledTimes(2);
  });
});
