import type { Claim } from '@shared/claims';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as dollars: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}

export function yesNo(value: boolean | null): string | null {
  return value === null ? null : value ? 'Yes' : 'No';
}

/** "2022 Ford Transit 250", or the unit number alone when year, make and model are unknown. */
export function vehicleTitle(vehicle: Pick<Claim['vehicle'], 'year' | 'make' | 'model' | 'unitNumber'>) {
  return (
    [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || `Unit ${vehicle.unitNumber}`
  );
}

/** "1 day", "12 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
