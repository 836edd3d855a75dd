import http from 'node:http';
import { multipartFile } from './multipart.js';

/** A small HTTP client of one server (a real process, not `app.inject`), as a browser would talk to it. */
export interface Client {
  get(url: string, cookie?: string): Promise<Response>;
  post(url: string, cookie?: string, body?: unknown): Promise<Response>;
  /** Uploads a PNG in the `file` field, as the attachment form does. */
  upload(url: string, cookie: string, png: Buffer): Promise<Response>;
  /** Signs in and answers the session cookie. */
  login(user: { username: string; password: string }): Promise<string>;
}

export function createClient(base: string): Client {
  const headers = (cookie?: string, more: Record<string, string> = {}) => ({
    ...(cookie ? { cookie } : {}),
    ...more,
  });
  const post: Client['post'] = (url, cookie, body) =>
    fetch(base + url, {
      method: 'POST',
      headers: headers(cookie, body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (url, cookie) => fetch(base + url, { headers: headers(cookie) }),
    post,
    upload(url, cookie, png) {
      const form = multipartFile('file', 'dent.png', 'image/png', png);
      return fetch(base + url, {
        method: 'POST',
        headers: headers(cookie, form.headers),
        body: new Uint8Array(form.payload),
      });
    },
    async login(user) {
      const response = await post('/api/login', undefined, {
        username: user.username,
        password: user.password,
      });
      if (response.status !== 200)
        throw new Error(`login failed: ${response.status} ${await response.text()}`);
      const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('fc_session='));
      if (!session) throw new Error('no session cookie in the response');
      return session.split(';')[0]!;
    },
  };
}

/**
 * An upload to one process whose body is sent in two halves: the first now, the rest on `finish()`, so the
 * request is in flight in between (a test sends SIGTERM then). Its own connection, never a kept-alive one.
 */
export function uploadSlowly(port: number, url: string, cookie: string, png: Buffer) {
  const form = multipartFile('file', 'dent.png', 'image/png', png);
  const half = Math.floor(form.payload.length / 2);
  let pending: http.ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: false,
        headers: { cookie, ...form.headers, 'content-length': String(form.payload.length) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.write(form.payload.subarray(0, half));
    pending = request;
  });
  return {
    finish() {
      pending!.end(form.payload.subarray(half));
      return answer;
    },
  };
}
