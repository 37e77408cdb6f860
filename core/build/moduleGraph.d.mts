/** The context Rollup hands `generateBundle`: the parts the plugin reads. */
interface GraphContext {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
}
export function moduleGraph(options: { root: string; file: string }): {
  name: string;
  apply: 'build';
  generateBundle(this: GraphContext): void;
};
