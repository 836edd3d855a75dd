import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FairGate, Work } from '../db/fair-gate.js';

/**
 * Each request's database work is scheduled as one by the embedded database's gate (decision 032), as a request
 * of its method and route: the gate learns what each route costs and lets the quick ones go first.
 */
export function scheduleDatabaseWorkByRequest(app: FastifyInstance, gate: FairGate) {
  const works = new WeakMap<FastifyRequest, Work>();
  app.addHook('onRequest', (request, _reply, done) => {
    const work = gate.begin(`${request.method} ${request.routeOptions.url ?? ''}`);
    works.set(request, work);
    gate.runAs(work, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const work = works.get(request);
    if (work) gate.ended(work);
    done();
  });
}
