import { FileTextIcon } from 'lucide-react';
import { formatFileSize, REFUSED_UPLOAD_STATUSES, uploadProblem } from '@shared/attachments';
import {
  SHOP_UPLOAD_ACCEPT,
  SHOP_UPLOAD_KIND_MESSAGE,
  shopUploadKind,
  type ShopClaim,
} from '@shared/shop-links';

import { FileDropZone } from '../../../components/upload/file-drop-zone';
import {
  hasUploadProblem,
  UploadError,
  UploadFileName,
  UploadProgress,
  UploadRowButtons,
  uploadRowClassName,
} from '../../../components/upload/upload-row-parts';
import { toast } from '../../../hooks/use-toast';
import { useUploadQueue } from '../../../hooks/use-upload-queue';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-relative-time';
import { shopLinkApi, useShopUploadMutation } from '../api/shop-link';
import { Section } from './shop-updates';

/** Photos and an estimate PDF, from the shop's phone or desk: each sent as soon as chosen, retried on its own. */
function ShopUploads({ token, maxBytes }: { token: string; maxBytes: number }) {
  const { mutateAsync } = useShopUploadMutation(token);
  const uploads = useUploadQueue<object, ShopClaim>({
    // The browser's type is a hint (a phone's HEIC may have none): the server finds the type in the bytes.
    check: (file) =>
      file.type && !shopUploadKind(file.type) ? SHOP_UPLOAD_KIND_MESSAGE : uploadProblem(file, maxBytes),
    describe: () => ({}),
    upload: async (item, { onProgress }) => {
      const claim = await mutateAsync({ file: item.file, onProgress });
      toast({ title: 'File added', description: `${item.file.name} is on the claim.` });
      return claim;
    },
    isRefusal: (error) => error instanceof ApiError && REFUSED_UPLOAD_STATUSES.has(error.status),
  });
  return (
    <div className="grid gap-3">
      <FileDropZone
        prompt="Take or drop photos, or the estimate PDF"
        hint={`Photos and PDFs, up to ${formatFileSize(maxBytes)} each.`}
        accept={SHOP_UPLOAD_ACCEPT}
        inputLabel="Choose photos or the estimate to add"
        onFiles={(files) => uploads.add(files, { send: true })}
        className="py-5"
      />
      {uploads.queue.length > 0 && (
        <ul className="grid gap-2" aria-label="Files being added">
          {uploads.queue.map((item) => (
            <li key={item.key} className={uploadRowClassName(hasUploadProblem(item))}>
              <div className="flex items-start gap-2">
                <UploadFileName file={item.file} />
                <UploadRowButtons
                  item={item}
                  onRetry={() => uploads.retry(item.key)}
                  onRemove={() => uploads.remove(item.key)}
                />
              </div>
              <UploadProgress item={item} />
              <UploadError item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The claim's photos and documents, each opened through the link. */
export function ShopFiles({ token, claim }: { token: string; claim: ShopClaim }) {
  const fileUrl = (id: string) => `${shopLinkApi(token)}/files/${encodeURIComponent(id)}`;
  return (
    <Section title="Photos and documents">
      <ShopUploads token={token} maxBytes={claim.maxBytes} />
      {claim.files.length === 0 ? (
        <p className="text-muted-foreground text-sm">No photos or documents on this claim yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Files on the claim">
          {claim.files.map((file) => (
            <li key={file.id} className="grid gap-1 text-sm">
              <a
                href={fileUrl(file.id)}
                target="_blank"
                rel="noopener"
                className="bg-muted focus-visible:ring-ring/50 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border outline-none focus-visible:ring-[3px]"
              >
                {file.hasThumbnail ? (
                  <img
                    src={`${fileUrl(file.id)}/thumbnail`}
                    alt={file.fileName}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="text-muted-foreground grid justify-items-center gap-1 p-2 text-center">
                    <FileTextIcon aria-hidden="true" className="size-6" />
                    <span className="line-clamp-2 break-all">{file.fileName}</span>
                  </span>
                )}
              </a>
              <span className="text-muted-foreground text-xs">
                {file.fromShop ? 'From your shop' : 'From the fleet'} · {formatDateTime(file.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
