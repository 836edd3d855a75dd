import { useEffect, useState, type RefObject } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ClaimBoard } from '@shared/claim-board';

import { Button } from '../../../components/ui/button';

type HiddenColumns = { before: number; after: number };

/**
 * How many columns are out of sight to either side of the board (scrolled away or beyond its right edge),
 * measured again as it scrolls, resizes or its columns change.
 */
export function useHiddenColumns(boardRef: RefObject<HTMLElement | null>, board: ClaimBoard | undefined) {
  const [hidden, setHidden] = useState<HiddenColumns>({ before: 0, after: 0 });
  useEffect(() => {
    const element = boardRef.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      let before = 0;
      let after = 0;
      for (const column of element.querySelectorAll<HTMLElement>('[data-column]')) {
        const rect = column.getBoundingClientRect();
        if (rect.left < box.left - 1) before += 1;
        else if (rect.right > box.right + 1) after += 1;
      }
      setHidden((last) => (last.before === before && last.after === after ? last : { before, after }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [boardRef, board]);
  return hidden;
}

const columnsLabel = (count: number) => `${count} more ${count === 1 ? 'column' : 'columns'}`;

/** At the board's edges while columns are out of sight: a fade and a button that scrolls to them. */
export function ScrollHints({
  boardRef,
  hidden,
}: {
  boardRef: RefObject<HTMLElement | null>;
  hidden: HiddenColumns;
}) {
  const scroll = (direction: 1 | -1) => {
    const element = boardRef.current;
    element?.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <>
      {hidden.before > 0 && (
        <div className="from-background pointer-events-none absolute inset-y-0 left-0 z-10 flex w-16 items-center bg-gradient-to-r">
          <Button
            variant="outline"
            size="icon"
            className="pointer-events-auto rounded-full shadow-md"
            aria-label={`Scroll left: ${columnsLabel(hidden.before)}`}
            onClick={() => scroll(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
        </div>
      )}
      {hidden.after > 0 && (
        <div className="from-background pointer-events-none absolute inset-y-0 right-0 z-10 flex w-28 items-center justify-end bg-gradient-to-l">
          <Button
            variant="outline"
            size="sm"
            className="pointer-events-auto rounded-full shadow-md"
            aria-label={`Scroll right: ${columnsLabel(hidden.after)}`}
            onClick={() => scroll(1)}
          >
            {hidden.after} more
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      )}
    </>
  );
}
