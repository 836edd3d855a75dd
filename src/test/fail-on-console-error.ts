import { afterEach, vi } from 'vitest';

/** A test that makes the code under test print an error fails: errors must be expected and asserted. */
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
