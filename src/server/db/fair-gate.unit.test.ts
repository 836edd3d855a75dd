import { describe, expect, it } from 'vitest';
import { FairGate } from './fair-gate.js';

/** A gate on a clock the test moves, and tasks that take the time they are told. */
function setup(maxWaitMs = 1_000) {
  let now = 0;
  const gate = new FairGate({ maxWaitMs, now: () => now });
  const order: string[] = [];
  const task = (name: string, ms: number) => async () => {
    order.push(name);
    now += ms;
  };
  /** One whole request of `kind` whose single task takes `ms` (it teaches the gate what the kind costs). */
  const request = async (kind: string, name: string, ms: number) => {
    const work = gate.begin(kind);
    await gate.runAs(work, () => gate.run(task(name, ms)));
    gate.ended(work);
  };
  /** Holds the gate (once its task has started) until `release` is called, so that the next tasks queue. */
  const hold = async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const held = gate.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    );
    await running;
    return { held, release: () => release() };
  };
  return { gate, order, task, request, hold, advance: (ms: number) => (now += ms) };
}

describe('FairGate', () => {
  it('runs one task at a time, in the order asked when nothing is known about them', async () => {
    const { gate, order, task } = setup();
    await Promise.all([gate.run(task('a', 5)), gate.run(task('b', 5)), gate.run(task('c', 5))]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('lets a request expected to be quick go before broad searches that asked earlier', async () => {
    const { gate, order, task, request, hold } = setup();
    await request('GET /api/vehicles', 'search seen before', 40);
    await request('GET /api/notifications', 'poll seen before', 1);
    order.length = 0;
    const { held, release } = await hold();
    const searches = [1, 2, 3].map((n) =>
      gate.runAs(gate.begin('GET /api/vehicles'), () => gate.run(task(`search ${n}`, 40))),
    );
    const poll = gate.runAs(gate.begin('GET /api/notifications'), () => gate.run(task('poll', 1)));
    expect(gate.queued).toBe(4);
    release();
    await Promise.all([held, ...searches, poll]);
    expect(order).toEqual(['poll', 'search 1', 'search 2', 'search 3']);
  });

  it('finishes a request that has begun before the next one of its kind starts', async () => {
    const { gate, order, task, request, hold } = setup();
    await request('GET /api/vehicles', 'seen before', 20);
    order.length = 0;
    const { held, release } = await hold();
    // Both session lookups queue first; the first request's page query, asked once its lookup ran, has less
    // left to do than the second request and goes before the second's lookup.
    const first = gate.begin('GET /api/vehicles');
    const second = gate.begin('GET /api/vehicles');
    const firstRequest = gate.runAs(first, async () => {
      await gate.run(task('first: session', 1));
      await gate.run(task('first: page', 19));
    });
    const secondRequest = gate.runAs(second, async () => {
      await gate.run(task('second: session', 1));
      await gate.run(task('second: page', 19));
    });
    release();
    await Promise.all([held, firstRequest, secondRequest]);
    expect(order).toEqual(['first: session', 'first: page', 'second: session', 'second: page']);
  });

  it('lets the event loop turn between two tasks (a waiting connection is accepted, new requests read)', async () => {
    const { gate, order } = setup();
    const first = gate.run(async () => {
      order.push('first task');
      // Stands for what the loop does on its next turn: accept a connection, read a request.
      setImmediate(() => order.push('the loop turned'));
    });
    const second = gate.run(async () => void order.push('second task'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first task', 'the loop turned', 'second task']);
  });

  it('lets a task that waited too long go first, however costly its request', async () => {
    const { gate, order, task, request, hold, advance } = setup(100);
    await request('GET /api/vehicles', 'search seen before', 40);
    await request('GET /api/ready', 'ready seen before', 1);
    order.length = 0;
    const { held, release } = await hold();
    const search = gate.runAs(gate.begin('GET /api/vehicles'), () => gate.run(task('search', 40)));
    advance(100);
    const ready = gate.runAs(gate.begin('GET /api/ready'), () => gate.run(task('ready', 1)));
    release();
    await Promise.all([held, search, ready]);
    expect(order).toEqual(['search', 'ready']);
  });

  it('goes on after a task fails', async () => {
    const { gate, order, task } = setup();
    const failing = gate.run(() => Promise.reject(new Error('syntax error')));
    const next = gate.run(task('next', 1));
    await expect(failing).rejects.toThrow('syntax error');
    await next;
    expect(order).toEqual(['next']);
  });
});
