import { BENCH_ADMIN_PASSWORD } from './server.js';

/** A tiny client for setting up bench data through the public API, keeping the session cookie. */
export class BenchClient {
  /** Whether the bench's database was seeded by `seed:demo` (run.ts sets it): its admin is the demo's. */
  static seeded = false;
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    const session = setCookie && /fc_session=([^;]*)/.exec(setCookie);
    if (session) this.cookie = `fc_session=${session[1]}`;
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (response.headers.get('content-type')?.includes('json') ? await response.json() : undefined) as T;
  }

  static async login(baseUrl: string, username: string, password: string) {
    const client = new BenchClient(baseUrl);
    await client.call('POST', '/api/login', { username, password });
    return client;
  }

  /** A seed:demo user (their password need not change). */
  static demo(baseUrl: string, username: 'alex.admin' | 'maria.manager' | 'victor.viewer') {
    return BenchClient.login(baseUrl, username, 'Demo-pass-2026');
  }

  /**
   * An administrator: the first admin of a fresh bench database (with the forced password change done), or the
   * seed:demo admin when the database was seeded (it then has users, so no first admin was created).
   */
  static async admin(baseUrl: string) {
    // Failed logins count towards the address's throttle: a seeded database's admin is asked for at once.
    if (BenchClient.seeded) return BenchClient.demo(baseUrl, 'alex.admin');
    const changed = `${BENCH_ADMIN_PASSWORD}-2`;
    const client = await BenchClient.login(baseUrl, 'admin', BENCH_ADMIN_PASSWORD).catch(() => null);
    if (client) {
      await client.call('POST', '/api/change-password', { newPassword: changed });
      return client;
    }
    // A PostgreSQL database the other build of this run (--compare) set up first: its password is changed.
    const again = await BenchClient.login(baseUrl, 'admin', changed).catch(() => null);
    return again ?? BenchClient.demo(baseUrl, 'alex.admin');
  }
}
