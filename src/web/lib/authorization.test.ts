import { describe, expect, it } from 'vitest';

import { can } from './authorization';

describe('can', () => {
  it('grants what the list holds', () => {
    expect(can(['vehicles.view', 'reports.view'], 'reports.view')).toBe(true);
    expect(can(['vehicles.view'], 'users.view')).toBe(false);
  });

  it('grants nothing while the permissions are unknown', () => {
    expect(can(undefined, 'vehicles.view')).toBe(false);
    expect(can(null, 'vehicles.view')).toBe(false);
  });
});
