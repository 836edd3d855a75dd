import { AppError } from '@shared/errors.js';
import type { Database } from '../../db/client.js';
import {
  clearRateLimit,
  giveBackRateLimit,
  peekRateLimit,
  retryAfterSeconds,
  takeRateLimit,
} from '../rate-limit/index.js';

/** Password checks allowed per username, and per client address, in each window (login and password change). */
export const LOGIN_FAILURES_PER_USERNAME = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 30;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

const usernameKey = (username: string) => `login:user:${username.toLowerCase()}`;
const addressKey = (ip: string | null) => `login:ip:${ip ?? ''}`;

/** Where the refused guess was made: the 429's message names it. */
export type GuessKind = 'login' | 'password change';

const REFUSAL_LEAD: Record<GuessKind, string> = {
  login: 'Too many failed login attempts.',
  'password change': 'Too many wrong passwords.',
};

async function tooManyGuesses(db: Database, key: string, kind: GuessKind): Promise<AppError> {
  // The window may have ended since it refused: then a try right away is fair.
  const window = (await peekRateLimit(db, key)) ?? { count: 0, windowEndsAt: new Date() };
  const seconds = retryAfterSeconds(window);
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'rate_limited',
    `${REFUSAL_LEAD[kind]} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** A password check allowed by the throttle; `succeeded` or nothing when the password was wrong. */
export interface AllowedGuess {
  /** The password was right: the username's failures are forgiven and the address's hit given back. */
  succeeded: () => Promise<void>;
}

/**
 * Takes one password check for `username` from `ip` BEFORE the password is verified (issue 28): the hit is
 * counted in the database in one statement per key, so concurrent guesses, in any number of processes, get at
 * most the limit of checks per username and per address in each window; the others are refused with a 429 and
 * verify nothing. A wrong password keeps its hits; a right one calls `succeeded`.
 */
export async function allowPasswordGuess(
  db: Database,
  guess: { username: string; ip: string | null; kind: GuessKind },
): Promise<AllowedGuess> {
  const perUsername = usernameKey(guess.username);
  const perAddress = addressKey(guess.ip);
  const userHit = await takeRateLimit(db, perUsername, LOGIN_FAILURES_PER_USERNAME, LOGIN_THROTTLE_WINDOW_MS);
  if (!userHit) throw await tooManyGuesses(db, perUsername, guess.kind);
  const addressHit = await takeRateLimit(
    db,
    perAddress,
    LOGIN_FAILURES_PER_ADDRESS,
    LOGIN_THROTTLE_WINDOW_MS,
  );
  if (!addressHit) {
    // Nothing is checked, so the username's hit is not spent.
    await giveBackRateLimit(db, userHit);
    throw await tooManyGuesses(db, perAddress, guess.kind);
  }
  return {
    succeeded: async () => {
      await clearRateLimit(db, perUsername);
      await giveBackRateLimit(db, addressHit);
    },
  };
}
