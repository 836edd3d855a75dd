import { useState } from 'react';

/** 128 random bits as hex: `crypto.randomUUID` exists only on https and localhost, this everywhere. */
export function newSubmissionKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * One `Idempotency-Key` per form submission (decision 040): sending the same values again after a failure (a 503
 * during a database restart, a lost connection) reuses the key, so the server answers with the first outcome
 * instead of creating the record twice; new values, or a success, take a new key.
 */
export function submissionKeys(newKey: () => string = newSubmissionKey) {
  let current: { values: string; key: string } | undefined;
  return {
    keyFor(values: unknown): string {
      const text = JSON.stringify(values) ?? '';
      if (current?.values !== text) current = { values: text, key: newKey() };
      return current.key;
    },
    succeeded() {
      current = undefined;
    },
  };
}

/** `send` with a submission's key, for a creating mutation's `mutationFn` (one set of keys per form). */
export function keyedSubmission<Values, Result>(
  send: (values: Values, idempotencyKey: string) => Promise<Result>,
  keys = submissionKeys(),
): (values: Values) => Promise<Result> {
  return async (values) => {
    const result = await send(values, keys.keyFor(values));
    keys.succeeded();
    return result;
  };
}

/** `keyedSubmission` kept for the life of the component (its form). */
export function useSubmissionKey<Values, Result>(
  send: (values: Values, idempotencyKey: string) => Promise<Result>,
): (values: Values) => Promise<Result> {
  const [submit] = useState(() => keyedSubmission(send));
  return submit;
}
