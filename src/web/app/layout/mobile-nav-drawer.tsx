import { useState, type MouseEvent } from 'react';
import { MenuIcon } from 'lucide-react';

import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../components/ui/sheet';
import { cn } from '../../lib/utils';
import { SidebarContent } from './sidebar';
import type { Navigation } from './use-navigation';

/**
 * Below 768 px the sidebar is a drawer (spec §2): a floating button opens it (in the strip the layout keeps
 * free for it below the content); Escape, the backdrop or the
 * close button shut it. Radix Dialog keeps focus inside while open and returns it to the button after.
 */
export function MobileNavDrawer({
  navigation,
  buttonShown = true,
  onButtonFocus,
}: {
  navigation: Navigation;
  /** Off the bottom of the screen while its strip makes way for the content (`useShownOnScrollUp`). */
  buttonShown?: boolean;
  /** Keyboard focus reached the button: its strip comes back. */
  onButtonFocus?: () => void;
}) {
  const [open, setOpen] = useState(false);

  // Following any link closes the drawer, also a link to the page already shown.
  function closeOnLinkClick(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  }

  // Start on the current page's entry, not on the search box: focusing an input would pop up the
  // on-screen keyboard of a phone over the menu the user just opened.
  function focusCurrentEntry(event: Event) {
    const content = event.currentTarget;
    if (!(content instanceof HTMLElement)) return;
    const entry =
      content.querySelector<HTMLElement>('nav [aria-current="page"]') ??
      content.querySelector<HTMLElement>('nav a[href]');
    if (!entry) return;
    event.preventDefault();
    entry.focus();
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        aria-label="Open navigation"
        onFocus={onButtonFocus}
        className={cn(
          'bg-brand text-brand-foreground focus-visible:ring-ring/60 fixed bottom-3 left-4 z-40 flex size-13 items-center justify-center rounded-full shadow-lg ring-offset-2 transition-transform duration-200 outline-none hover:scale-105 focus-visible:ring-[3px] active:scale-95 motion-reduce:transition-none',
          !buttonShown && 'translate-y-20',
        )}
      >
        <MenuIcon aria-hidden="true" className="size-6" />
      </SheetTrigger>
      <SheetContent
        side="left"
        closeLabel="Close navigation"
        onClick={closeOnLinkClick}
        onOpenAutoFocus={focusCurrentEntry}
        className="bg-sidebar text-sidebar-foreground border-sidebar-border w-72 max-w-[85vw] gap-0 p-0 sm:max-w-72 [&>button:last-child]:top-4 [&>button:last-child]:right-3 [&>button:last-child]:rounded-md [&>button:last-child]:p-1.5 [&>button:last-child]:focus-visible:ring-sidebar-ring"
      >
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">
          Pages of FleetClaims, claim search and your account.
        </SheetDescription>
        <SidebarContent navigation={navigation} variant="drawer" onSearch={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
