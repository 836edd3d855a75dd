import type autocannon from 'autocannon';

/** A named load against the running server. Later capabilities add their own scenarios here. */
export interface Scenario {
  name: string;
  description: string;
  /** Prepares data through the API and answers the autocannon request options. */
  setup?: (url: string) => Promise<Partial<autocannon.Options>>;
  path?: string;
  /** Statuses that count as success. */
  expectStatus?: number[];
  /** Runs only on a database seeded with claims (`--claims N`). */
  needsClaims?: boolean;
  /** The bare server (bench/bare-server.ts) answers it too, so `--bare` measures the app's own cost on it. */
  bare?: boolean;
  /** A list a screen reads or polls: by default also measured on the last release's build, beside this one's. */
  list?: boolean;
  /**
   * Starts work that runs beside the load (claims edited meanwhile, say); answers how to stop it, which answers
   * what it did, to print.
   */
  alongside?: (url: string) => Promise<() => Promise<string>>;
}

/** A list scenario: compared with the last release by default (`Scenario.list`). */
export const listed = (scenario: Scenario): Scenario => ({ ...scenario, list: true });
