import { useState, type KeyboardEvent } from 'react';

/**
 * Keyboard choice in a list that keeps focus in a text field (an autocomplete): ↑/↓ move the highlighted
 * item (wrapping around), Enter or Tab chooses it, Escape closes. Keys are left alone while `open` is false,
 * so Enter still types a new line.
 */
export function useListNavigation<T>({
  items,
  open,
  onChoose,
  onClose,
}: {
  items: readonly T[];
  open: boolean;
  onChoose: (item: T) => void;
  onClose: () => void;
}) {
  const [active, setActive] = useState(0);
  const activeIndex = items.length === 0 ? -1 : Math.min(active, items.length - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      // Only the list closes; a dialog or sheet around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (items.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + items.length) % items.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      onChoose(items[activeIndex]!);
    }
  };

  return { activeIndex, setActiveIndex: setActive, onKeyDown };
}
