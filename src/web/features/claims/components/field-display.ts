import { PRIORITY_LABELS } from '@shared/claims';

import type { SectionField } from './claim-fields';
import { formatCalendarDate } from '../../../lib/format-calendar-date';
import { formatCents } from './claim-values';

const MONEY = new Set<SectionField>([
  'deductibleCents',
  'estimateAmountCents',
  'approvedAmountCents',
  'finalAmountCents',
]);
const DATES = new Set<SectionField>(['lossDate', 'dropOffDate', 'eta']);
const IDS = new Set<SectionField>(['locationId', 'repairFacilityId', 'assigneeId']);

export const NOT_SET = 'Not set';

/**
 * A field's API value in words, for comparing versions: "$1,250.00", "Nov 2, 2026", "Yes". Ids are named
 * from `names` (what the page knows about locations, facilities and people).
 */
export function displayFieldValue(
  field: SectionField,
  value: unknown,
  names: Readonly<Record<string, string>> = {},
): string {
  if (value === null || value === undefined || value === '') {
    return field === 'drivable' ? 'Unknown' : field === 'assigneeId' ? 'Unassigned' : NOT_SET;
  }
  if (MONEY.has(field) && typeof value === 'number') return formatCents(value);
  if (DATES.has(field) && typeof value === 'string') return formatCalendarDate(value);
  if (IDS.has(field) && typeof value === 'string') return names[value] ?? 'Another choice';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'priority') return PRIORITY_LABELS[value as keyof typeof PRIORITY_LABELS] ?? String(value);
  if (Array.isArray(value)) return value.length ? value.join(', ') : NOT_SET;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}
