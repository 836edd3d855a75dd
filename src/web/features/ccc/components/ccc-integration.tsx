import { useCccInbox } from '../api/ccc-api';
import { CccImportLog } from './ccc-import-log';
import { CccInboxCard } from './ccc-inbox-card';
import { CccUploadPanel } from './ccc-upload-panel';

/**
 * The CCC section of `/repair-facilities` (issue 16): upload CCC ONE estimates, the inbox folder (for who
 * may configure it) and the import log.
 */
export function CccIntegration({ canConfigure }: { canConfigure: boolean }) {
  const inbox = useCccInbox(canConfigure);
  return (
    <div className="grid gap-6">
      <div className={canConfigure ? 'grid items-start gap-6 xl:grid-cols-[3fr_2fr]' : 'grid gap-6'}>
        <CccUploadPanel maxBytes={inbox.data?.maxFileBytes ?? null} />
        {canConfigure && <CccInboxCard inbox={inbox} />}
      </div>
      <CccImportLog />
    </div>
  );
}
