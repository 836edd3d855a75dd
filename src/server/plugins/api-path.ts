import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API, judged on the path the router matched. The router decodes the address, so
 * `POST /%61pi/login` runs `/api/login`; a test of the raw address let such a request skip the session lookup and
 * the Origin check (issue 28, finding 8). A request that no route matched is judged on its decoded address.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path === '/api' || path.startsWith('/api/');
}

function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
