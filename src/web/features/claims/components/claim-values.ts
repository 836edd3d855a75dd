export { formatCents } from '@shared/money';
export { vehicleDescription, vehicleTitle } from '@shared/claim-vehicles';

export function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? 'Yes' : 'No';
}

/** "1 day", "12 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
