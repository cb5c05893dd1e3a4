import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a page module's named export, so every page becomes its own chunk that is
 * only fetched once the route guard lets the page render.
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
