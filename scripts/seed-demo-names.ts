import { WORKFLOW_PATH, type ClaimStatus, type Workflow } from '../src/shared/workflows.js';
import type { DemoMake } from './seed-demo-vin.js';

/** What the demo's fleet and claims are made of (used by seed-demo.ts): names, places, vehicles, damage and the paths claims take through the statuses. */

export const COMPANIES = [
  {
    name: 'Acme Rentals',
    code: 'ACME',
    contactName: 'Jordan Reyes',
    contactEmail: 'fleet@acme-rentals.example',
    autoApprovalLimitCents: 50_000,
    paymentTermsDays: 30,
    taxRatePercent: 8.25,
    billingEmail: 'ap@acme-rentals.example',
  },
  {
    name: 'Metro Delivery Co.',
    code: 'METRO',
    contactName: 'Priya Natarajan',
    contactEmail: 'ops@metrodelivery.example',
    autoApprovalLimitCents: 75_000,
    paymentTermsDays: 15,
    taxRatePercent: 7.5,
    billingEmail: 'payables@metrodelivery.example',
  },
  {
    name: 'Summit Utilities',
    code: 'SUMMIT',
    contactName: 'Dale Whitaker',
    contactEmail: 'fleet@summit-utilities.example',
    paymentTermsDays: 45,
    taxRatePercent: 4.1,
    billingEmail: 'accounts.payable@summit-utilities.example',
  },
  {
    name: 'City of Riverton',
    code: 'RIVERTON',
    contactName: 'Angela Ortiz',
    contactEmail: 'publicworks@riverton.example',
    // A city is tax exempt and has no billing address of its own: its invoices go to the contact email.
    paymentTermsDays: 30,
    taxRatePercent: 0,
  },
];
export const CITIES = [
  'Denver, CO',
  'Aurora, CO',
  'Boulder, CO',
  'Fort Collins, CO',
  'Colorado Springs, CO',
  'Pueblo, CO',
];
export const FACILITIES = [
  ['Northside Collision Center', 'collision'],
  ['Front Range Auto Body', 'collision'],
  ['Precision Paint & Body', 'collision'],
  ['Mile High Fleet Service', 'mechanical'],
  ['Quick Lube & Brake', 'mechanical'],
  ['Rocky Mountain Diesel', 'mechanical'],
  ['Full Service Garage', 'both'],
  ['Peak Fleet Repair', 'both'],
] as const;
/** Make, model and the model years built for the US market (a VIN's WMI follows the make: seed-demo-vin.ts). */
export const MODELS = [
  ['Ford', 'Transit 250', 2016, 2025],
  ['Ford', 'F-150', 2016, 2025],
  ['Ram', 'ProMaster 2500', 2016, 2025],
  ['Chevrolet', 'Express 3500', 2016, 2025],
  ['Mercedes-Benz', 'Sprinter 2500', 2019, 2025],
  ['Toyota', 'Camry', 2016, 2025],
  ['Nissan', 'NV200', 2016, 2021],
  ['Chevrolet', 'Silverado 2500HD', 2016, 2025],
] as const satisfies readonly (readonly [DemoMake, string, number, number])[];
export const COLLISION = [
  'Rear bumper damaged backing into a loading dock',
  'Side mirror and driver door struck in a parking lot',
  'Front end damage after a low-speed collision at an intersection',
  'Hail damage to hood and roof',
  'Rear-ended while stopped at a light',
  'Windshield cracked by road debris',
];
export const MECHANICAL = [
  'Check engine light, rough idle',
  'Brakes grinding on the front axle',
  'Transmission slipping between 2nd and 3rd',
  'No start in the morning, battery tested fine',
  'Coolant leak under the engine',
  'A/C blowing warm air',
];
export const DRIVERS = [
  'Sam Patel',
  'Maria Lopez',
  'Chris Young',
  'Dana Brooks',
  'Lee Morgan',
  'Alex Kim',
  'Jamie Fox',
  'Taylor Reed',
];
export const INSURERS = ['Travelers', 'Progressive Commercial', 'The Hartford', 'Liberty Mutual', null];

/** The statuses a claim passed through to reach `status`, for its history. */
export function pathTo(workflow: Workflow, status: ClaimStatus): ClaimStatus[] {
  const path = WORKFLOW_PATH[workflow];
  const index = path.indexOf(status);
  if (index >= 0) return path.slice(0, index + 1);
  const via: Partial<Record<ClaimStatus, ClaimStatus>> = {
    supplement_review: 'in_repair',
    total_loss: 'estimate_review',
    declined: 'authorization_pending',
    on_hold: workflow === 'collision' ? 'parts_ordered' : 'diagnosis',
    cancelled: 'reported',
  };
  return [...pathTo(workflow, via[status]!), status];
}

/** The step of a claim's path its ETA falls on: after its last step, or around its completion if it has one. */
export function etaStep(path: readonly string[], overdue: boolean): number {
  const completed = path.indexOf('completed');
  if (completed >= 0) return completed + (overdue ? -0.5 : 0.5);
  return path.length + (overdue ? 0 : 3);
}
