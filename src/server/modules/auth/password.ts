import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). Tests use a cheap setting so that
 * hundreds of logins stay fast; production never does.
 */
const PRODUCTION = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const TESTS = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

const cost = () => (process.env.NODE_ENV === 'test' || process.env.VITEST ? TESTS : PRODUCTION);

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2, ...cost() });
}

/** A hash made with any cost verifies: the parameters are stored in the hash itself. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend comparable time for users without a password, so timing does not tell who exists.
    await hash(password, { algorithm: 2, ...cost() });
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A dummy hash to verify against when the username is unknown (same reason as above). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
