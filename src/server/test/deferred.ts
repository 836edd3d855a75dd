/** A promise the test resolves when it chooses: one step of a test waits for another. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
