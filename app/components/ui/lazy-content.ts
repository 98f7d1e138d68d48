/**
 * A dropdown's content kept out of the first load (issue 34): `load` fetches
 * its module once (give it to Menu's `loadContent`), and `module` returns it
 * once fetched, which is always the case where Menu renders the content.
 */
export function lazyContent<M>(importer: () => Promise<M>): { load: () => Promise<M>; module: () => M } {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    load: () => (loading ??= importer().then((module) => (loaded = module))),
    module: () => {
      if (!loaded) throw new Error("the menu's content was rendered before its module was fetched");
      return loaded;
    },
  };
}
