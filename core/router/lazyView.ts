import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LazyView } from '../registry/types';

const cache = new WeakMap<object, LazyExoticComponent<ComponentType<object>>>();

/** React.lazy once per loader, so re-renders never refetch or remount a view. */
export function lazyView<P extends object>(loader: LazyView<P>): LazyExoticComponent<ComponentType<P>> {
  let component = cache.get(loader);
  if (!component) {
    component = lazy(loader as unknown as LazyView<object>);
    cache.set(loader, component);
  }
  return component as unknown as LazyExoticComponent<ComponentType<P>>;
}
