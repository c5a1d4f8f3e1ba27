import { useEffect, useState } from "react";

const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * A module loaded on demand (`import()`), once `needed`; `undefined` until it has loaded, then at once on
 * every later render and mount. Unlike `lazy()` under `<Suspense>`, nothing suspends, so React does not
 * hold the page back (it throttles a Suspense boundary's reveal by up to 300 ms). `load` must be a
 * module-level constant: loaded modules are kept by it.
 */
export function useModule<M>(load: () => Promise<M>, needed = true): M | undefined {
  const [module, setModule] = useState(() => loaded.get(load) as M | undefined);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    load().then(
      (value) => {
        loaded.set(load, value);
        if (live) setModule(() => value);
      },
      (error: unknown) => console.error("[linklens] a part of the popup could not load", error),
    );
    return () => {
      live = false;
    };
  }, [needed, module, load]);
  return module;
}
