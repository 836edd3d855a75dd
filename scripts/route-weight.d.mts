// Types of route-weight.mjs for the TypeScript that imports it (its unit test, e2e/page-weight.spec.ts).
import type { Plugin } from 'vite';

export const ROUTE_SCRIPT_BUDGET_KB: number;
export const REPORT_FORM_SCRIPT_BUDGET_KB: number;
export type Route = { path: string; page: string | undefined; signedIn: boolean };
/** A route the server answers from a build of its own (the driver's report form, vite.report.config.ts). */
export type OwnBuild = { path: string; distDir: string; graphFile: string; budgetKb: number };
export const OWN_BUILDS: OwnBuild[];
export type RouteWeight = Route & {
  kb: number;
  laterKb: number;
  chunks: number;
  inputs: [string, number][];
  /** What the route may load before it draws. */
  budgetKb: number;
  /** The build of its own the route is answered from (dist/web/report), if any. */
  build?: string;
};
type Options = { distDir?: string; graphFile?: string; routes?: Route[]; ownBuilds?: OwnBuild[] };
export function bundleGraph(): Plugin;
export function routesOfRouter(source?: string): Route[];
export function routeWeights(options?: Options): RouteWeight[];
export function reportRouteWeights(options?: Options & { top?: number; only?: string[] }): RouteWeight[];
