import { useEffect, useState, type RefObject } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

import { Button } from './ui/button';

/**
 * The hints of a view that scrolls sideways through columns — the Claim Manager board and a wide table: how many
 * columns are out of sight on either side, and at each cut edge a fade with a button that scrolls to them.
 */

/** How many columns are out of sight on either side of a view that scrolls sideways. */
export type OffscreenColumns = { before: number; after: number };

/** Where the columns scroll: the element of `ref`, or the one `within` finds inside it (a table's container). */
export interface SideScroller {
  ref: RefObject<HTMLElement | null>;
  within?: string;
  /** A selector of the columns inside it: the board's `[data-column]`, a table's `thead th`. */
  columns: string;
}

const scrollerOf = ({ ref, within }: SideScroller) =>
  within ? ref.current?.querySelector<HTMLElement>(within) : ref.current;

/**
 * The columns of the scroller scrolled away or beyond its right edge, measured again as it scrolls, as it or
 * its content resizes, and when `changed` (the data drawn) changes.
 */
export function useOffscreenColumns({ ref, within, columns }: SideScroller, changed?: unknown) {
  const [offscreen, setOffscreen] = useState<OffscreenColumns>({ before: 0, after: 0 });
  useEffect(() => {
    const scroller = scrollerOf({ ref, within, columns });
    if (!scroller) return;
    const measure = () => {
      const edge = scroller.getBoundingClientRect();
      let before = 0;
      let after = 0;
      for (const column of scroller.querySelectorAll(columns)) {
        const rect = column.getBoundingClientRect();
        if (rect.left < edge.left - 1) before += 1;
        else if (rect.right > edge.right + 1) after += 1;
      }
      setOffscreen((last) => (last.before === before && last.after === after ? last : { before, after }));
    };
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(scroller);
    if (scroller.firstElementChild) observer?.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, within, columns, changed]);
  return offscreen;
}

const more = (count: number) => `${count} more ${count === 1 ? 'column' : 'columns'}`;

/** The two looks: a board's tall edges with "N more", a table's small round buttons on its header row. */
const LOOKS = {
  board: {
    before:
      'from-background pointer-events-none absolute inset-y-0 left-0 z-10 flex w-16 items-center bg-gradient-to-r',
    after:
      'from-background pointer-events-none absolute inset-y-0 right-0 z-10 flex w-28 items-center justify-end bg-gradient-to-l',
    button: 'pointer-events-auto rounded-full shadow-md',
  },
  table: {
    before:
      'from-card pointer-events-none absolute inset-y-0 left-0 flex w-12 justify-start bg-gradient-to-r pt-1.5 pl-1',
    after:
      'from-card pointer-events-none absolute inset-y-0 right-0 flex w-16 justify-end bg-gradient-to-l pt-1.5 pr-1',
    button: 'pointer-events-auto size-7 rounded-full shadow-md',
  },
};

/** At the cut edges while columns are out of sight: a fade, and a button that scrolls most of a view to them. */
export function ScrollHints({
  scroller,
  offscreen,
  look,
}: {
  scroller: SideScroller;
  offscreen: OffscreenColumns;
  look: keyof typeof LOOKS;
}) {
  const scroll = (direction: 1 | -1) => {
    const element = scrollerOf(scroller);
    element?.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };
  const edges = [
    { side: 'before', count: offscreen.before, Icon: ChevronLeftIcon, direction: -1 },
    { side: 'after', count: offscreen.after, Icon: ChevronRightIcon, direction: 1 },
  ] as const;
  const classes = LOOKS[look];
  return edges.map(
    ({ side, count, Icon, direction }) =>
      count > 0 && (
        <div key={side} data-scroll-hint={side} className={classes[side]}>
          <Button
            type="button"
            variant="outline"
            // The board's right edge says how many; every other hint is an arrow with the count as its title.
            size={look === 'board' && side === 'after' ? 'sm' : 'icon'}
            className={classes.button}
            aria-label={`Scroll ${direction === 1 ? 'right' : 'left'}: ${more(count)}`}
            title={more(count)}
            onClick={() => scroll(direction)}
          >
            {look === 'board' && side === 'after' && `${count} more`}
            <Icon aria-hidden="true" />
          </Button>
        </div>
      ),
  );
}
