import { FileInputIcon } from 'lucide-react';

import { Badge } from '../../../components/ui/badge';

/**
 * The CCC ONE estimate import is not built yet (a later issue). Rather than an empty upload area, the screen
 * says so plainly and what it will do.
 */
export function CccImportNotice() {
  return (
    <section
      aria-labelledby="ccc-import-heading"
      className="bg-card flex items-start gap-4 rounded-xl border border-dashed p-4 sm:p-5"
    >
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5"
      >
        <FileInputIcon />
      </div>
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="ccc-import-heading" className="font-semibold">
            CCC ONE estimate import
          </h2>
          <Badge variant="secondary">Coming in a later release</Badge>
        </div>
        <p className="text-muted-foreground text-sm text-balance">
          Importing CCC ONE estimates (CIECA BMS XML files) is not available in this version yet. When it is,
          each file will be matched to its claim by claim number, insurer claim number or VIN, with a log of
          every import.
        </p>
      </div>
    </section>
  );
}
