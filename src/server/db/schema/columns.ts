import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the row (a file as received, a mail's attachment); PGlite hands back a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
