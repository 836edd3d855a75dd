import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, react-hook-form, its schemas) is a chunk of its own, so the screen that offers
 * it draws without it (issue 30's budget per route). Nothing is rendered until the dialog first opens; the
 * chunk is fetched when the browser is next idle after the screen mounts (where it can say so), else on that
 * first opening; from then on the dialog stays mounted, so it closes with its animation as any other.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  const Loaded = lazy(preload);

  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    useEffect(() => whenIdle(preload), []);
    return opened ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  }
  return LazyDialog;
}

/** Runs `work` when the browser is idle; browsers without requestIdleCallback (and tests) wait for the click. */
function whenIdle(work: () => unknown) {
  if (typeof window.requestIdleCallback !== 'function') return undefined;
  const handle = window.requestIdleCallback(() => void work(), { timeout: 5_000 });
  return () => window.cancelIdleCallback(handle);
}
