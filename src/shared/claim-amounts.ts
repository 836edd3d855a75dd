import { z } from 'zod';

/**
 * A claim's priorities and amounts, apart from the edit schemas (`claim-edits.ts`): the claim's own schema
 * (`claims.ts`) needs these, and every signed-in page loads it, so it must not bring the create and edit schemas.
 */

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const PRIORITY_LABELS: Record<(typeof PRIORITIES)[number], string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** The largest amount a claim holds: its amount columns are PostgreSQL `integer` (at most 2,147,483,647). */
export const CLAIM_AMOUNT_MAX_CENTS = 2_000_000_000;

export const cents = (label: string) =>
  z
    .number({ message: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(CLAIM_AMOUNT_MAX_CENTS, `${label} is too large`)
    .nullable()
    .optional();
