/**
 * Typed, versioned extension points (`area/name/vN`). A producer and a consumer share
 * only this id and type, never an import of each other.
 */
export interface ExtensionPoint<T> {
  readonly id: string;
  /** Phantom field carrying the contribution type; never set at run time. */
  readonly __contribution?: T;
}

const VERSIONED = /^[a-z][a-zA-Z0-9-]*(\/[a-zA-Z0-9-]+)+\/v\d+$/;

/** A typed, versioned extension point: its id looks like 'area/name/v1'. */
export function defineExtensionPoint<T>(id: string): ExtensionPoint<T> {
  if (!VERSIONED.test(id)) throw new Error(`Extension point id '${id}' must look like 'area/name/v1'`);
  return { id };
}
