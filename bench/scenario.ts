import autocannon from 'autocannon';

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

/** A scenario the bare server answers too (bench/bare-server.ts, bare-twins.ts). */
export const bare = (scenario: Scenario): Scenario => ({ ...scenario, bare: true });

/**
 * The scenario's connections all open at once while `BUSY_CONNECTIONS` others already load the same address: the
 * table's `slowest 1st ms` is how long the last of them waited for its first answer (decision 032: on the embedded
 * database they were answered in a triangle, up to seconds).
 */
const BUSY_CONNECTIONS = 8;
export function joiningBusyServer(scenario: Scenario): Scenario {
  return {
    ...scenario,
    name: `${scenario.name}-joining`,
    bare: false,
    description: `${scenario.description}, its connections opened at once while ${BUSY_CONNECTIONS} others load it`,
    alongside: async (url) => {
      const options = await scenario.setup!(url);
      let finished!: (requests: number) => void;
      const done = new Promise<number>((resolve) => (finished = resolve));
      const busy = autocannon(
        { url, ...options, connections: BUSY_CONNECTIONS, duration: 3600 },
        (_error, result) => finished(result?.requests.total ?? 0),
      );
      // The server is busy before the scenario's connections open.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return async () => {
        busy.stop();
        return `${await done} requests on the ${BUSY_CONNECTIONS} busy connections`;
      };
    },
  };
}
