import type { Owned } from '../registry/registry';
import type { MenuContext, MenuEntry } from '../registry/types';

export type MenuLink = { entry: MenuEntry; pluginId: string; kind: 'child' | 'absolute' | 'external'; href: string };

/** Visible entries in order, each resolved to where it links. */
export function resolveMenu(entries: readonly Owned<MenuEntry>[], ctx: MenuContext): MenuLink[] {
  return entries
    .filter(({ value }) => value.visible?.(ctx) ?? true)
    .sort((a, b) => a.value.order - b.value.order)
    .map(({ value, pluginId }) => {
      if (/^https:\/\//.test(value.path) || (value.external && value.path.startsWith('/'))) return { entry: value, pluginId, kind: 'external', href: value.path };
      if (value.path.startsWith('/')) return { entry: value, pluginId, kind: 'absolute', href: value.path };
      return { entry: value, pluginId, kind: 'child', href: `/accountSetting/${value.path}` };
    });
}
