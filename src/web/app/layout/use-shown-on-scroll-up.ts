import { useEffect, useState, type RefObject } from 'react';

/** Scrolling less than this (px) in one go changes nothing: a finger's jitter does not flicker the strip. */
const SCROLL_SLACK_PX = 8;

/**
 * Whether the phone layout's menu strip shows: it hides as the page scrolls down (the content takes its
 * room) and comes back as soon as the page scrolls up or is back at its top. `show` brings it back at once
 * (keyboard focus on the menu button). Where the strip's own height change moves the page (the page was
 * scrolled to its end), that scroll is not read as the user's.
 */
export function useShownOnScrollUp(scrollerRef: RefObject<HTMLElement | null>, enabled: boolean) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !enabled) return;
    let lastTop = scroller.scrollTop;
    let lastHeight = scroller.clientHeight;
    const onScroll = () => {
      const top = scroller.scrollTop;
      const height = scroller.clientHeight;
      if (height !== lastHeight) {
        lastHeight = height;
        lastTop = top;
        return;
      }
      if (top > 0 && Math.abs(top - lastTop) < SCROLL_SLACK_PX) return;
      setShown(top <= 0 || top < lastTop);
      lastTop = top;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      setShown(true);
    };
  }, [scrollerRef, enabled]);
  return { shown, show: () => setShown(true) };
}
