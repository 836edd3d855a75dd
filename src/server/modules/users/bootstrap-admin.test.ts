import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { ensureInitialAdmin } from './bootstrap-admin.js';

describe('the first administrator', async () => {
  const database = await createTestDatabase();

  it('is created on a first start without a made-up name, so nobody is greeted as "System"', async () => {
    const logged: string[] = [];
    const logger = { info: (line: string) => logged.push(line), warn: () => {}, error: () => {} };
    await ensureInitialAdmin(database.db, testConfig({ INITIAL_ADMIN_PASSWORD: 'First-admin-1' }), logger);
    const rows = await database.db.select().from(users);
    expect(
      rows.map(({ username, role, firstName, lastName, mustChangePassword }) => ({
        username,
        role,
        firstName,
        lastName,
        mustChangePassword,
      })),
    ).toEqual([
      { username: 'admin', role: 'admin', firstName: null, lastName: null, mustChangePassword: true },
    ]);
    expect(logged).toEqual(['Created the first administrator "admin" with INITIAL_ADMIN_PASSWORD']);
    await database.close();
  });
});
