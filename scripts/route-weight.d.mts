// Types of route-weight.mjs for the TypeScript that imports it (its unit test, e2e/page-weight.spec.ts).
import type { Plugin } from 'vite';

export const ROUTE_SCRIPT_BUDGET_KB: number;
export type Route = { path: string; page: string | undefined; signedIn: boolean };
export type RouteWeight = Route & { kb: number; laterKb: number; chunks: number; inputs: [string, number][] };
type Options = { distDir?: string; graphFile?: string; routes?: Route[] };
export function bundleGraph(): Plugin;
export function routesOfRouter(source?: string): Route[];
export function routeWeights(options?: Options): RouteWeight[];
export function reportRouteWeights(options?: Options & { top?: number; only?: string[] }): RouteWeight[];
