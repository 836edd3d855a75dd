/**
 * Where to go after logging in: the page a signed-out visitor asked for, carried in the login page's address as
 * `/auth?next=…`. Only a path of this app is followed (never `//host` or `/\host`, which browsers treat as
 * another site), so the parameter cannot send anyone elsewhere.
 */
export function loginPathFor(path: string, search: string): string {
  if (path === '/') return '/auth';
  const next = search ? `${path}?${search}` : path;
  return `/auth?${new URLSearchParams({ next }).toString()}`;
}

export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
