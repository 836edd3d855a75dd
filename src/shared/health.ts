import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().describe('Seconds since this process started'),
});

export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['postgres', 'pglite']).describe('Which database engine this process uses'),
});
