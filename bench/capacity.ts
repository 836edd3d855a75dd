import os from 'node:os';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../src/shared/constants.js';

/** What the bench measured for one scenario (the fields used here). */
export interface ScenarioRate {
  scenario: string;
  'req/s': number;
}

/**
 * What one box serves, from measured req/s (the mean of the rounds): an open browser polls its notifications every
 * NOTIFICATION_POLL_INTERVAL_MS (the web app's only interval poll; the dashboard fetches when opened and on window
 * focus, not on a timer), and a claim's life is counted in status changes.
 */
export function printBoxCapacity(label: string, rows: ScenarioRate[]) {
  const rate = (name: string) => {
    const rates = rows.filter((row) => row.scenario === name).map((row) => row['req/s']);
    return rates.length ? Math.round(rates.reduce((sum, value) => sum + value, 0) / rates.length) : undefined;
  };
  const poll = rate('notifications-poll');
  const moves = rate('claim-move');
  const dashboard = rate('dashboard');
  if (!poll && !moves && !dashboard) return;
  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(
    `\nWhat one box serves, ${label} (${os.availableParallelism()} cores, load average ${load.join(' ')}):`,
  );
  if (poll) {
    const browsers = Math.floor((poll * NOTIFICATION_POLL_INTERVAL_MS) / 1000);
    console.log(
      `  open browsers polling notifications every ${NOTIFICATION_POLL_INTERVAL_MS / 1000} s: ${browsers} (at ${poll} polls/s)`,
    );
  }
  if (dashboard)
    console.log(`  dashboard opens (summary + activity): ${Math.floor(dashboard / 2)} per second`);
  if (moves) {
    const perDay = (moves * 86_400).toLocaleString('en-US');
    console.log(`  claim status changes: ${moves}/s = ${perDay} per day (with nothing else running)`);
  }
}
