/**
 * The bench's bare server (`npm run bench -- --bare`): Fastify and node-postgres alone, answering the scenarios
 * marked `bare` with the app's own SQL (the same statement, name and parameters: the session lookup is the app's
 * prepared `find_session`) and the same JSON, without the app's hooks, validation, serializers or row mapping.
 * What the app serves beside it is what its own per-request work costs (issue 30). Run as its own process:
 * `node --import tsx bench/bare-server.ts` with PORT and DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { listNotificationsQuerySchema } from '../src/shared/notifications.js';
import { JOIN_COLLAPSE_LIMIT, type Database } from '../src/server/db/client.js';
import { prepareFindSession } from '../src/server/modules/auth/index.js';
import { notificationsEtag } from '../src/server/modules/notifications/index.js';
import { SESSION_COOKIE } from '../src/server/plugins/session.js';
import { userActor, type ActorUser } from '../src/server/actor.js';
import { appRecorder, replay, type Recorded } from './bare-statements.js';
import { twins } from './bare-twins.js';

// The app's pool size (db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The app's planner setting on each connection (db/client.ts): the same statements must be planned the same way.
pool.on('connect', (client) => void client.query(`set join_collapse_limit = ${JOIN_COLLAPSE_LIMIT}`));
const findSessionStatement = prepareFindSession(drizzle({ client: pool }) as unknown as Database);
const findSession = findSessionStatement.getQuery();
const pollDefaults = listNotificationsQuerySchema.parse({});
// Where the user's id and notifications version are in the statement's rows (Drizzle's fields, in column order).
const fieldPaths = (findSessionStatement as unknown as { fields: { path: string[] }[] }).fields.map(
  ({ path }) => path.join('.'),
);
const USER_ID = fieldPaths.indexOf('user.id');
const USER_NOTIFICATIONS_VERSION = fieldPaths.indexOf('user.notificationsVersion');
const USER_ROLE = fieldPaths.indexOf('user.role');
const COMPANY_IDS = fieldPaths.indexOf('companyIds');

/** The session's user (its id and notifications version) for the request's cookie, by the app's statement. */
async function sessionUser(cookieHeader: string | undefined) {
  const token = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!token) return undefined;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  // As Drizzle asks for it: rows as arrays (the user's and the impersonator's columns share names).
  const { rows } = await pool.query<unknown[]>({
    name: 'find_session',
    text: findSession.sql,
    values: fillPlaceholders(findSession.params, { tokenHash }),
    rowMode: 'array',
  });
  const row = rows[0];
  return (
    row && {
      id: row[USER_ID] as string,
      notificationsVersion: row[USER_NOTIFICATIONS_VERSION] as number,
      role: row[USER_ROLE] as ActorUser['role'],
      companyIds: row[COMPANY_IDS] as string[],
    }
  );
}

const app = Fastify({ logger: false });

app.get('/api/health', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));

app.get('/api/ready', async () => {
  await pool.query('select 1');
  return { status: 'ready', database: 'postgres' };
});

app.get('/api/notifications', async (request, reply) => {
  const row = await sessionUser(request.headers.cookie);
  if (!row) return reply.code(401).send({ message: 'You are not logged in' });
  const etag = notificationsEtag(row, pollDefaults);
  reply.header('etag', etag).header('vary', 'Cookie');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // A user's first poll only (the bench's pollers have no notifications): the app's page of them.
  const { rows } = await pool.query(
    'select id, type, title, message, is_read as "isRead", created_at as "createdAt", related_vehicle_id as "relatedVehicleId" ' +
      'from notifications where user_id = $1 order by created_at desc, id desc limit $2',
    [row.id, pollDefaults.limit],
  );
  return rows;
});

// The heavier reads (bare-twins.ts): the app's statements for the request, recorded once per address and user.
const recorder = await appRecorder(process.env.DATABASE_URL!);
const recordings = new Map<string, Promise<Recorded>>();
const checked = new Set<string>();
for (const twin of twins) {
  app.get(twin.route, async (request, reply) => {
    const user = await sessionUser(request.headers.cookie);
    if (!user) return reply.code(401).send({ message: 'You are not logged in' });
    const key = `${user.id} ${request.url}`;
    let recorded = recordings.get(key);
    if (!recorded) {
      // Recorded twice, the second kept: the first may have done once-only work (computed a kept answer,
      // learned that a filter passes the count cap) that later requests do not.
      const cookie = request.headers.cookie;
      recorded = recorder.record(request.url, cookie).then(() => recorder.record(request.url, cookie));
      recordings.set(key, recorded);
    }
    const { recording, body: appBody, status } = await recorded;
    if (status !== 200) {
      console.error(`bare ${request.url}: the app answered ${status}: ${appBody}`);
      process.exit(1);
    }
    const results = await replay(pool, recording);
    const actor = userActor({
      user: { id: user.id, role: user.role } as ActorUser,
      companyIds: user.companyIds,
    });
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const value = twin.present(results, { query, actor, today: new Date().toISOString().slice(0, 10) });
    const body = typeof value === 'string' ? value : JSON.stringify(value);
    if (!checked.has(key)) {
      checked.add(key);
      // The first answer is checked against the app's: a twin whose JSON differs measures nothing.
      if (body !== appBody) {
        const at = [...body].findIndex((char, index) => char !== appBody[index]);
        console.error(
          `bare ${request.url}: not the app's JSON from character ${at}:\n  app:  ${appBody.slice(Math.max(0, at - 80), at + 80)}\n  bare: ${body.slice(Math.max(0, at - 80), at + 80)}`,
        );
        process.exit(1);
      }
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
