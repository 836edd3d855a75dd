import { vi } from 'vitest';

/** A JSON answer as the server would send it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/**
 * An answer the test releases when it chooses. The promise exists before the page asks, so `release` works
 * whether the request was sent before or after it (a loading state can show before its request is sent);
 * each call gets its own copy of the one response.
 */
export function heldResponse() {
  let release!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { route: () => answer.then((response) => response.clone()), release };
}

/** Replaces global fetch with a mock answering each call with `respond(url, init)`. */
export function stubFetch(
  respond: (url: string, init: RequestInit | undefined) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    respond(String(input), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Records every `type` event dispatched on window until `stop()` is called. */
export function captureWindowEvents<T>(type: string) {
  const details: T[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent<T>).detail);
  window.addEventListener(type, listener);
  return { details, stop: () => window.removeEventListener(type, listener) };
}
