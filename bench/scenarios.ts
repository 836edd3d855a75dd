/** A named load against the running server. Later capabilities add their own scenarios here. */
export interface Scenario {
  name: string;
  description: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expectStatus?: number;
}

export const scenarios: Scenario[] = [
  { name: 'health', description: 'GET /api/health (liveness, no database)', path: '/api/health' },
  { name: 'ready', description: 'GET /api/ready (one database round trip)', path: '/api/ready' },
];
