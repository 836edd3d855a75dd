/** Types of the sample receiver (docs/examples/webhook-receiver.mjs), for the test that uses it. */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  options?: { now?: number; toleranceSeconds?: number },
): { id: string; type: string; timestamp: string; data: unknown };
