import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@shared/auth.js';
import type { Authorization } from '@shared/authorizations.js';
import { canDecideAuthorization, canRequestAuthorization } from '@shared/authorizations.policy.js';
import type { Estimate } from '@shared/estimates.js';
import {
  canAddEstimate,
  ESTIMATE_ACTIONS,
  estimateActions,
  type EstimateAction,
} from '@shared/estimates.policy.js';
import { holdsOf } from '@shared/permissions.js';
import type { ClaimStatus, Workflow } from '@shared/workflows.js';
import { claims, estimates } from '../../db/schema/index.js';
import { caller, succeeded } from '../../test/accounting-factories.js';
import { createClaimVia, newClaimInput } from '../../test/claim-factories.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';

/**
 * The claim page's Estimates and Authorizations sections offer what `@shared/estimates.policy` and
 * `@shared/authorizations.policy` answer for the signed-in role: for each role and state, what they offer must
 * be exactly what the API allows (as claim-moves.test.ts shows for moves). Every action offered succeeds (on a
 * fresh record); every other one is refused.
 */
describe(
  'claim page sections: what the page offers is what the server allows',
  { timeout: 300_000 },
  async () => {
    const { app, database } = await createTestApp();
    const db = database.db;
    const company = await buildCompany(db, { name: 'Sections Fleet' });
    const ROLES: readonly UserRole[] = ['admin', 'manager', 'viewer'];
    const cookies: Record<UserRole, string> = {
      admin: await loginAs(app, await buildUser(db, { role: 'admin' })),
      manager: await loginAs(app, await buildUser(db, { role: 'manager', companyIds: [company.id] })),
      viewer: await loginAs(app, await buildUser(db, { role: 'viewer', companyIds: [company.id] })),
    };
    const asManager = caller(app, cookies.manager);

    async function claimIn(workflow: Workflow, status: ClaimStatus): Promise<string> {
      const claim = await createClaimVia(app, cookies.manager, newClaimInput(company.id, { workflow }));
      await db.update(claims).set({ status }).where(eq(claims.id, claim.id));
      return claim.id as string;
    }

    const estimateBody = {
      laborRateCents: 10_000,
      taxLabor: false,
      lines: [{ operation: 'part', description: 'Front bumper cover', quantity: 1, unitPriceCents: 45_000 }],
    };

    describe('estimates', () => {
      const KINDS = ['pending', 'pending from Tekmetric', 'approved', 'rejected'] as const;
      type Kind = (typeof KINDS)[number];

      /** A claim's estimate of `kind`, typed by the manager (and marked synced, or decided, as `kind` says). */
      async function estimateOf(kind: Kind): Promise<Estimate> {
        const claimId = await claimIn('collision', 'estimate_review');
        const typed = await succeeded(asManager('POST', `/api/vehicles/${claimId}/estimates`, estimateBody));
        if (kind === 'pending from Tekmetric') {
          await db.update(estimates).set({ source: 'tekmetric' }).where(eq(estimates.id, typed.id));
        }
        if (kind === 'approved' || kind === 'rejected') {
          const action = kind === 'approved' ? 'approve' : 'reject';
          await succeeded(
            asManager('POST', `/api/estimates/${typed.id}/decision`, {
              action,
              version: typed.version,
              note: 'Checked',
            }),
          );
        }
        return succeeded<Estimate>(asManager('GET', `/api/estimates/${typed.id}`));
      }

      function take(role: UserRole, action: EstimateAction, estimate: Estimate) {
        const call = caller(app, cookies[role]);
        if (action === 'edit') {
          return call('PATCH', `/api/estimates/${estimate.id}`, {
            ...estimateBody,
            version: estimate.version,
          });
        }
        return call('POST', `/api/estimates/${estimate.id}/decision`, {
          action,
          version: estimate.version,
          note: 'Not this part',
        });
      }

      it('each role is offered, per estimate, exactly the actions the API takes', async () => {
        for (const kind of KINDS) {
          const estimate = await estimateOf(kind);
          for (const role of ROLES) {
            const offered = estimateActions(estimate, holdsOf(role));
            for (const action of ESTIMATE_ACTIONS.filter((a) => !offered.includes(a))) {
              const refused = await take(role, action, estimate);
              expect(
                refused.statusCode,
                `${role}, ${kind}: ${action} refused: ${refused.body}`,
              ).toBeGreaterThanOrEqual(400);
            }
            for (const action of offered) {
              const done = await take(role, action, await estimateOf(kind));
              expect(done.statusCode, `${role}, ${kind}: ${action} taken: ${done.body}`).toBe(200);
            }
          }
          expect(await succeeded<Estimate>(asManager('GET', `/api/estimates/${estimate.id}`))).toEqual(
            estimate,
          );
        }
      });

      it('"Add estimate" is offered to whom the API lets add one', async () => {
        const claimId = await claimIn('collision', 'estimate_pending');
        for (const role of ROLES) {
          const { items } = (await asManager('GET', `/api/vehicles/${claimId}/estimates`)).json() as {
            items: Estimate[];
          };
          const offered = canAddEstimate(items.length, holdsOf(role));
          const added = await caller(app, cookies[role])(
            'POST',
            `/api/vehicles/${claimId}/estimates`,
            estimateBody,
          );
          expect(added.statusCode < 300, `${role}: add ${added.statusCode} ${added.body}`).toBe(offered);
        }
      });
    });

    describe('authorizations', () => {
      const request = { lines: [{ description: 'Replace the water pump', amountCents: 90_000 }] };

      interface Case {
        workflow: Workflow;
        status: ClaimStatus;
        /** A request awaits its decision (made through the API from diagnosis). */
        pending?: boolean;
      }
      const CASES: Case[] = [
        { workflow: 'mechanical', status: 'reported' },
        { workflow: 'mechanical', status: 'diagnosis' },
        { workflow: 'mechanical', status: 'authorization_pending', pending: true },
        { workflow: 'mechanical', status: 'in_repair' },
        { workflow: 'collision', status: 'estimate_pending' },
      ];
      const label = (c: Case) => `${c.workflow} ${c.status}${c.pending ? ' (request pending)' : ''}`;

      async function claimOf(c: Case) {
        const id = await claimIn(c.workflow, c.pending ? 'diagnosis' : c.status);
        if (c.pending) await succeeded(asManager('POST', `/api/vehicles/${id}/authorizations`, request));
        const { items } = (await asManager('GET', `/api/vehicles/${id}/authorizations`)).json() as {
          items: Authorization[];
        };
        return { id, items, pending: items.find((item) => item.status === 'pending') ?? null };
      }

      it('"Request authorization" is offered, per role and claim, exactly when the API takes it', async () => {
        for (const c of CASES) {
          for (const role of ROLES) {
            const claim = await claimOf(c);
            const offered = canRequestAuthorization(
              {
                workflow: c.workflow,
                status: c.status,
                requestsOnClaim: claim.items.length,
                pendingRequest: claim.pending !== null,
              },
              holdsOf(role),
            );
            const asked = await caller(app, cookies[role])(
              'POST',
              `/api/vehicles/${claim.id}/authorizations`,
              request,
            );
            expect(asked.statusCode < 300, `${role}, ${label(c)}: ${asked.statusCode} ${asked.body}`).toBe(
              offered,
            );
          }
        }
      });

      it('"Review authorization" is offered, per role, exactly on the requests the API lets them decide', async () => {
        for (const role of ROLES) {
          const claim = await claimOf({
            workflow: 'mechanical',
            status: 'authorization_pending',
            pending: true,
          });
          const pending = claim.pending!;
          expect(canDecideAuthorization(pending, holdsOf(role)), role).toBe(role !== 'viewer');
          const decided = await caller(app, cookies[role])(
            'POST',
            `/api/authorizations/${pending.id}/decision`,
            {
              action: 'approve',
            },
          );
          const allowed = canDecideAuthorization(pending, holdsOf(role));
          expect(decided.statusCode < 300, `${role}: ${decided.statusCode} ${decided.body}`).toBe(allowed);
          if (!allowed) continue;
          // Decided, it is offered to nobody, and the API refuses deciding it again.
          const after = await succeeded<Authorization>(asManager('GET', `/api/authorizations/${pending.id}`));
          for (const again of ROLES) {
            expect(canDecideAuthorization(after, holdsOf(again)), `${again} after ${role}`).toBe(false);
            const refused = await caller(app, cookies[again])(
              'POST',
              `/api/authorizations/${pending.id}/decision`,
              {
                action: 'approve',
              },
            );
            expect(refused.statusCode, `${again} decides again`).toBeGreaterThanOrEqual(400);
          }
        }
      });
    });
  },
);
