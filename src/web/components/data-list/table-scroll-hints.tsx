import { useEffect, useState, type RefObject } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

import { Button } from '../ui/button';

/** How many columns are out of sight on either side of a table that scrolls sideways. */
export type OffscreenColumns = { before: number; after: number };

/**
 * The columns of the table inside `frameRef` (its header cells) that are scrolled away or beyond its right
 * edge, measured again as it scrolls or resizes.
 */
export function useOffscreenColumns(frameRef: RefObject<HTMLElement | null>) {
  const [offscreen, setOffscreen] = useState<OffscreenColumns>({ before: 0, after: 0 });
  useEffect(() => {
    const scroller = frameRef.current?.querySelector<HTMLElement>('[data-slot="table-container"]');
    if (!scroller) return;
    const measure = () => {
      const edge = scroller.getBoundingClientRect();
      const headers = [...scroller.querySelectorAll('thead th')].map((cell) => cell.getBoundingClientRect());
      const before = headers.filter((cell) => cell.left < edge.left - 1).length;
      const after = headers.filter((cell) => cell.right > edge.right + 1).length;
      setOffscreen((last) => (last.before === before && last.after === after ? last : { before, after }));
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [frameRef]);
  return offscreen;
}

const more = (count: number) => `${count} more ${count === 1 ? 'column' : 'columns'}`;

/**
 * At a table's edges while columns are out of sight: a fade over the cut edge and, on the header row, a
 * button that scrolls to them (the look of the Claim Manager board's hints).
 */
export function TableScrollHints({
  frameRef,
  offscreen,
}: {
  frameRef: RefObject<HTMLElement | null>;
  offscreen: OffscreenColumns;
}) {
  const scroll = (direction: 1 | -1) => {
    const scroller = frameRef.current?.querySelector('[data-slot="table-container"]');
    scroller?.scrollBy({ left: direction * scroller.clientWidth * 0.8, behavior: 'smooth' });
  };
  const edges = [
    { side: 'before', count: offscreen.before, Icon: ChevronLeftIcon, direction: -1 },
    { side: 'after', count: offscreen.after, Icon: ChevronRightIcon, direction: 1 },
  ] as const;
  return edges.map(
    ({ side, count, Icon, direction }) =>
      count > 0 && (
        <div
          key={side}
          data-scroll-hint={side}
          className={
            side === 'before'
              ? 'from-card pointer-events-none absolute inset-y-0 left-0 flex w-12 justify-start bg-gradient-to-r pt-1.5 pl-1'
              : 'from-card pointer-events-none absolute inset-y-0 right-0 flex w-16 justify-end bg-gradient-to-l pt-1.5 pr-1'
          }
        >
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="pointer-events-auto size-7 rounded-full shadow-md"
            aria-label={`Scroll ${direction === 1 ? 'right' : 'left'}: ${more(count)}`}
            title={more(count)}
            onClick={() => scroll(direction)}
          >
            <Icon aria-hidden="true" />
          </Button>
        </div>
      ),
  );
}
