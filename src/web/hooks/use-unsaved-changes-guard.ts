import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/** Why the user is about to leave: a link to `href`, or the browser's Back button. */
export type PendingLeave = { kind: 'link'; href: string } | { kind: 'back' };

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Asks before unsaved changes are lost. While `dirty`:
 * - closing the tab or reloading gets the browser's own "Leave site?" prompt;
 * - following a link to another page of the app (the sidebar, a back link) waits for `confirmLeave`;
 * - the browser's Back button too: an extra history entry for this same page is pushed, so Back lands on
 *   this page again (nothing changes on screen) and the question can be asked. It is removed again when
 *   the changes are saved or discarded.
 * The caller shows a dialog while `pending` is set, and calls `confirmLeave` or `stay`.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const here = `${path}${search ? `?${search}` : ''}`;
  const [pending, setPending] = useState<PendingLeave | null>(null);
  /** Whether this page's extra history entry is on top of the history. */
  const extraEntry = useRef(false);
  /** Set once the user chose to leave, so nothing holds them back any more. */
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    // Capturing on window runs before React's own listeners, so the link's navigation never starts.
    const onClick = (event: MouseEvent) => {
      if (leaving.current || !isPlainLeftClick(event)) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const href = `${url.pathname}${url.search}`;
      if (href === here) return; // a #link within the page, or the page itself
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', href: `${href}${url.hash}` });
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [dirty, here]);

  useEffect(() => {
    if (!dirty) return;
    window.history.pushState(window.history.state, '', window.location.href);
    extraEntry.current = true;
    const onPopState = () => {
      if (leaving.current || !extraEntry.current) return;
      extraEntry.current = false;
      setPending({ kind: 'back' });
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Saved or discarded: take the extra entry away, so Back works as usual again.
      if (extraEntry.current) {
        extraEntry.current = false;
        window.history.back();
      }
    };
  }, [dirty]);

  const stay = useCallback(() => {
    if (pending?.kind === 'back') {
      window.history.pushState(window.history.state, '', window.location.href);
      extraEntry.current = true;
    }
    setPending(null);
  }, [pending]);

  const confirmLeave = useCallback(() => {
    if (!pending) return;
    leaving.current = true;
    setPending(null);
    if (pending.kind === 'back') {
      window.history.back();
    } else if (extraEntry.current) {
      // The extra entry becomes the new page, so Back from there returns to this page once, not twice.
      extraEntry.current = false;
      navigate(pending.href, { replace: true });
    } else {
      navigate(pending.href);
    }
  }, [pending, navigate]);

  /**
   * Leaves for `href` without asking, once the changes are saved elsewhere (a form that creates a record and
   * opens it). The extra history entry becomes the new page, so Back from there returns here once.
   */
  const leave = useCallback(
    (href: string) => {
      leaving.current = true;
      setPending(null);
      if (extraEntry.current) {
        extraEntry.current = false;
        navigate(href, { replace: true });
      } else {
        navigate(href);
      }
    },
    [navigate],
  );

  return { pending, stay, confirmLeave, leave };
}
