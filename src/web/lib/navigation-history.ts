/**
 * Where the user was before the current page, across the app's own navigations. The browser's
 * `document.referrer` only knows the page that loaded the app, not the screens visited inside it, so a
 * bug report sent from Help would name the wrong page without this.
 */
let current: string | undefined;
let previous: string | undefined;

/** wouter announces pushState/replaceState as events of those names. */
const NAVIGATION_EVENTS = ['popstate', 'pushState', 'replaceState'];

const withoutHash = (href: string) => href.split('#')[0];

function onNavigate(event: Event) {
  const href = window.location.href;
  if (href === current) return;
  // Replacing the address (typing in a search box) or following a #link changes the page in place: it is
  // still the same page.
  const inPlace = event.type === 'replaceState' || (current && withoutHash(href) === withoutHash(current));
  if (!inPlace && current !== undefined) previous = current;
  current = href;
}

/** Starts following navigations. */
export function trackNavigationHistory() {
  if (current !== undefined) return;
  current = window.location.href;
  for (const type of NAVIGATION_EVENTS) window.addEventListener(type, onNavigate);
}

/** Stops following navigations and forgets them (src/web/test/setup.ts, after every test). */
export function stopTrackingNavigationHistory() {
  for (const type of NAVIGATION_EVENTS) window.removeEventListener(type, onNavigate);
  current = undefined;
  previous = undefined;
}

function sameOrigin(url: string): boolean {
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The page a user was on before coming here (the page a bug report is about): the app's previous screen,
 * else the page of this site that linked here, else this page.
 */
export function cameFromUrl(): string {
  if (previous) return previous;
  const referrer = document.referrer;
  if (referrer && sameOrigin(referrer) && referrer !== window.location.href) return referrer;
  return window.location.href;
}
