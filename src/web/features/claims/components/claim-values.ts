import type { Claim } from '@shared/claims';

export { formatCents } from '@shared/money';

export function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? 'Yes' : 'No';
}

/** "2022 Ford Transit 250", or null when year, make and model are all unknown. */
export function vehicleDescription(vehicle: Pick<Claim['vehicle'], 'year' | 'make' | 'model'>) {
  return [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || null;
}

/** "2022 Ford Transit 250", or the unit number alone when year, make and model are unknown. */
export function vehicleTitle(vehicle: Pick<Claim['vehicle'], 'year' | 'make' | 'model' | 'unitNumber'>) {
  return vehicleDescription(vehicle) ?? `Unit ${vehicle.unitNumber}`;
}

/** "1 day", "12 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
