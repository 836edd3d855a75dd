import type { CccImportResult } from './ccc.js';
import type { Holds } from './permissions.js';

/**
 * What may be done with CCC ONE estimate files, for the server (which refuses anything else) and the import log
 * (which offers exactly this). Who may: `vehicles.edit` uploads, assigns and retries files; `system.ccc.configure`
 * reads and scans the inbox folder.
 */

/** Results of a file that did not land on a claim: it may be assigned to one by hand, or tried again. */
const REPROCESSABLE: readonly CccImportResult[] = ['held', 'unmatched', 'rejected'];

export const cccImportCanLand = (item: { result: CccImportResult }): boolean =>
  REPROCESSABLE.includes(item.result);

/** Upload files, assign or retry one that did not land. */
export const canImportCcc = (holds: Holds): boolean => holds('vehicles.edit');

/** Assign by hand or retry: a file that did not land, by whom may import. */
export const canReprocessCccImport = (item: { result: CccImportResult }, holds: Holds): boolean =>
  canImportCcc(holds) && cccImportCanLand(item);

/** Read and scan the inbox folder the shop's CCC ONE drops files into. */
export const canConfigureCccInbox = (holds: Holds): boolean => holds('system.ccc.configure');
