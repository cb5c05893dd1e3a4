import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page component that can fetch its code ahead of its first render (see boot.tsx). */
export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

/**
 * A lazily loaded page whose code, once here, renders at once instead of suspending. A prerendered
 * page is hydrated only after its code is loaded (boot.tsx): had it suspended while hydrating, a click
 * in the meantime (a table-of-contents link) would make React drop the server's HTML and show the
 * spinner until the chunk came.
 */
function preloadablePage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later visit tries again (a deploy in between, a network blip)
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: Props) {
    // Chosen once per mount, so the page is never remounted when its code arrives meanwhile.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload });
}

/**
 * React.lazy for a page module's named export, so every page becomes its own chunk that is
 * only fetched once the route guard lets the page render.
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyPage<Props> {
  return preloadablePage(async () => (await load())[name]);
}

/**
 * lazyPage for a page that talks to the API through the query client. Visitors' pages run without
 * the signed-in shell's client, so the page brings query-boundary.tsx along, which gives it one
 * (decision 033); inside the shell the boundary adds nothing.
 */
export function lazyQueryPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyPage<Props> {
  return preloadablePage(async () => {
    const [module, { QueryBoundary }] = await Promise.all([load(), import('./query-boundary')]);
    const Page = module[name];
    function PageWithQueries(props: Props) {
      return createElement(QueryBoundary, null, createElement(Page, props));
    }
    return PageWithQueries;
  });
}
