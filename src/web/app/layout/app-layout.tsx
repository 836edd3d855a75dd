import { Suspense, useRef, type ReactNode } from 'react';

import { cn } from '../../lib/utils';
import { BrandLogo } from '../../components/brand-logo';
import { Spinner } from '../../components/ui/spinner';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { SidebarContent } from './sidebar';
import { useNavigation } from './use-navigation';
import { useShownOnScrollUp } from './use-shown-on-scroll-up';
import { useSidebarMode } from './use-sidebar-mode';
import { UserSummary } from './user-summary';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of every signed-in page (spec §2): an optional banner on top (the impersonation banner), the
 * sidebar, and the page. Below 768 px the sidebar becomes a drawer; from 768 to 1279 px it shows icons
 * only; at 1280 px and above it is expanded and can be collapsed.
 *
 * The page scrolls on its own while the sidebar stays in place. A page's code loads inside the frame, so
 * moving between pages never blanks the sidebar.
 */
export function AppLayout({
  banner,
  headerActions,
  children,
}: {
  /** Shown above everything, full width: the impersonation banner while an admin acts as someone else. */
  banner?: ReactNode;
  /** The top-right corner of the page header, left of the user (the notification bell goes here). */
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const { mode, canToggle, collapsed, toggleCollapsed } = useSidebarMode();
  const navigation = useNavigation();
  const rail = mode === 'rail';
  const scrollerRef = useRef<HTMLDivElement>(null);
  const strip = useShownOnScrollUp(scrollerRef, mode === 'drawer');

  return (
    <div className="relative flex h-svh flex-col overflow-hidden">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="bg-background focus-visible:ring-ring/50 sr-only z-50 rounded-md px-4 py-2 text-sm font-medium shadow-md outline-none focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus-visible:ring-[3px]"
      >
        Skip to main content
      </a>
      {banner}
      <div className="flex min-h-0 flex-1">
        {mode !== 'drawer' && (
          <aside
            aria-label="Sidebar"
            data-mode={mode}
            className={cn(
              'border-sidebar-border shrink-0 border-r transition-[width] duration-200 ease-out print:hidden',
              rail ? 'w-16' : 'w-64',
            )}
          >
            <SidebarContent
              navigation={navigation}
              collapsed={rail}
              toggle={canToggle ? { collapsed, onToggle: toggleCollapsed } : undefined}
            />
          </aside>
        )}
        {/*
          Positioned, so that absolutely positioned content (screen-reader-only text and inputs) scrolls inside it:
          otherwise it is placed against the document, which then grows past the window and scrolls into blank.
        */}
        <div
          ref={scrollerRef}
          className="relative flex min-w-0 flex-1 flex-col overflow-y-auto print:overflow-visible"
        >
          <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b px-4 backdrop-blur sm:px-6 print:hidden">
            {mode === 'drawer' && <BrandLogo className="text-base" />}
            <div className="ml-auto flex items-center gap-2">
              {headerActions}
              <UserSummary />
            </div>
          </header>
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className={cn('flex-1 outline-none', mode === 'drawer' && 'pb-6')}
          >
            <Suspense fallback={<ContentSpinner />}>{children}</Suspense>
          </main>
        </div>
      </div>
      {/*
        In drawer mode the floating menu button sits in a strip of its own below the scrolling content, so it
        never covers a heading, a claim number or a button, whatever the scroll position. Strip and button
        make way while the page scrolls down and come back when it scrolls up or the button has focus.
      */}
      {mode === 'drawer' && (
        <div
          data-testid="floating-button-strip"
          data-state={strip.shown ? 'shown' : 'hidden'}
          className={cn(
            'bg-background shrink-0 overflow-hidden transition-[height] duration-200 ease-out motion-reduce:transition-none print:hidden',
            strip.shown ? 'h-19 border-t' : 'h-0',
          )}
          aria-hidden="true"
        />
      )}
      {mode === 'drawer' && (
        <MobileNavDrawer navigation={navigation} buttonShown={strip.shown} onButtonFocus={strip.show} />
      )}
    </div>
  );
}

function ContentSpinner() {
  return (
    <div aria-busy="true" className="flex justify-center py-24">
      <Spinner className="text-muted-foreground size-8" />
    </div>
  );
}
