import { z } from 'zod';

/** The addresses of outside links: a claim's links (`/api/vehicles/:id/...`), one of them, and a link's token. */
export const claimIdParams = z.object({ id: z.uuid('Not a valid claim id') });
export const claimLinkParams = claimIdParams.extend({ linkId: z.uuid('Not a valid link id') });
// Any text: a malformed token is looked up like any other and not found (404).
export const linkTokenParams = z.object({ token: z.string().max(200) });
