import { AppError } from '@shared/errors.js';
import {
  MAX_REPORT_SUBSCRIPTIONS,
  TOO_MANY_REPORT_SUBSCRIPTIONS,
  REPORT_SUBSCRIPTION_NEEDS_EMAIL,
} from '@shared/report-subscriptions.js';
import type { UserActor } from '../../actor.js';

/**
 * Who may subscribe to which report. The routes declare `reports.view`; a subscription is its owner's alone
 * (anyone else's answers 404, by the queries' `userId`), mails to the owner's address, and reports on a company
 * the owner sees (every id of its filter: `report-filter-scope.ts`, the report's own check).
 */
export function assertMaySubscribe(actor: UserActor) {
  if (!actor.user.email) throw new AppError('bad_request', REPORT_SUBSCRIPTION_NEEDS_EMAIL);
}

/** A user keeps at most MAX_REPORT_SUBSCRIPTIONS running subscriptions. */
export function assertRoomForSubscription(running: number) {
  if (running >= MAX_REPORT_SUBSCRIPTIONS) throw new AppError('conflict', TOO_MANY_REPORT_SUBSCRIPTIONS);
}
