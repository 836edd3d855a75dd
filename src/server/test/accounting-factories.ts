import { expect } from 'vitest';
import { WORKFLOW_PATH } from '@shared/workflows.js';
import type { App } from '../app.js';
import { createClaimVia, newClaimInput } from './claim-factories.js';

/** The answer of a call that must succeed (2xx, else the test fails with its body), read as JSON (null if empty). */
export async function succeeded<T = { id: string; version: number }>(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return (answer.body ? answer.json() : null) as T;
}

/** A check of `amountCents` from `companyId`, received on `receivedOn` and applied as given (as the admin of `cookie`). */
export function checkReceivedVia(
  app: App,
  cookie: string,
  payment: { companyId: string; receivedOn: string; amountCents: number; applications?: object[] },
) {
  return succeeded(
    caller(app, cookie)('POST', '/api/accounting/payments', {
      method: 'check',
      applications: [],
      ...payment,
    }),
  );
}

/** Calls the API as the user of `cookie`. */
export function caller(app: App, cookie: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/**
 * A collision claim walked through the API to `completed` (as a manager or admin of `cookie`), with an approved
 * estimate of `lines` when given.
 */
export async function completedCollisionClaim(
  app: App,
  cookie: string,
  companyId: string,
  options: { lines?: object[]; taxLabor?: boolean; until?: string } = {},
) {
  const call = caller(app, cookie);
  const claim = await createClaimVia(app, cookie, newClaimInput(companyId));
  if (options.lines) {
    const estimate = await call('POST', `/api/vehicles/${claim.id}/estimates`, {
      laborRateCents: 10_000,
      taxLabor: options.taxLabor ?? false,
      lines: options.lines,
    });
    if (estimate.statusCode !== 201) throw new Error(`estimate: ${estimate.body}`);
    const decided = await call('POST', `/api/estimates/${estimate.json().id}/decision`, {
      action: 'approve',
      version: estimate.json().version,
    });
    if (decided.statusCode !== 200) throw new Error(`decision: ${decided.body}`);
  }
  const until = options.until ?? 'completed';
  let version = (await call('GET', `/api/vehicles/${claim.id}`)).json().version as number;
  for (const to of WORKFLOW_PATH.collision.slice(1)) {
    const moved = await call('POST', `/api/vehicles/${claim.id}/transitions`, { to, version });
    if (moved.statusCode !== 200) throw new Error(`move to ${to}: ${moved.body}`);
    version = moved.json().version;
    if (to === until) break;
  }
  return claim as { id: string; number: number; companyId: string };
}

/**
 * A sent invoice billing a new completed claim of `companyId` with one line of `cents` (taxable), issued on
 * `issueDate` (as the admin of `cookie`).
 */
export async function sentInvoiceVia(
  app: App,
  cookie: string,
  companyId: string,
  options: { cents?: number; issueDate: string; description?: string },
) {
  const call = caller(app, cookie);
  const claim = await completedCollisionClaim(app, cookie, companyId, {
    lines: [
      {
        operation: 'part',
        description: options.description ?? 'Front bumper cover',
        quantity: 1,
        unitPriceCents: options.cents ?? 10_000,
      },
    ],
  });
  const draft = await call('POST', '/api/accounting/invoices', { claimIds: [claim.id] });
  if (draft.statusCode !== 201) throw new Error(`draft: ${draft.body}`);
  const sent = await call('POST', `/api/accounting/invoices/${draft.json().id}/send`, {
    version: draft.json().version,
    issueDate: options.issueDate,
  });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.body}`);
  return sent.json() as {
    id: string;
    number: string;
    totalCents: number;
    version: number;
    dueDate: string;
    companyId: string;
  };
}
