import { useState } from 'react';
import { DownloadIcon, MoreHorizontalIcon, Trash2Icon } from 'lucide-react';
import {
  ATTACHMENT_KIND_LABELS,
  ATTACHMENT_KINDS,
  type Attachment,
  type AttachmentKind,
} from '@shared/attachments';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../hooks/use-toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/utils';
import { useDeleteAttachmentMutation } from '../api/delete-attachment';
import { useUpdateAttachmentMutation } from '../api/update-attachment';

export const downloadUrl = (attachment: Attachment) => `${attachment.fileUrl}?download=1`;

/** The "⋯" menu of one file: download, change its kind (uploaders), delete it (editors, after asking). */
export function AttachmentActions({
  attachment,
  canRelabel,
  canDelete,
  className,
}: {
  attachment: Attachment;
  canRelabel: boolean;
  canDelete: boolean;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAttachmentMutation();
  const remove = useDeleteAttachmentMutation();

  const relabel = (kind: AttachmentKind) => {
    if (kind === attachment.kind) return;
    update.mutate(
      { id: attachment.id, claimId: attachment.claimId, kind },
      {
        onSuccess: () =>
          toast({
            title: 'File updated',
            description: `${attachment.fileName} is now filed as ${ATTACHMENT_KIND_LABELS[kind].toLowerCase()}.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not change the file', description: error.message }),
      },
    );
  };

  const confirmDelete = () =>
    remove.mutate(
      { id: attachment.id, claimId: attachment.claimId },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'File deleted', description: `${attachment.fileName} was removed from the claim.` });
        },
        onError: (error) => {
          // Already gone (someone else deleted it): the list drops it, nothing else to do.
          if (error instanceof ApiError && error.status === 404) {
            setConfirming(false);
            return;
          }
          toast({ variant: 'destructive', title: 'Could not delete the file', description: error.message });
        },
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className={cn('size-8', className)}
            aria-label={`Actions for ${attachment.fileName}`}
          >
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="text-muted-foreground truncate text-xs font-normal">
            {attachment.fileName}
          </DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <a href={downloadUrl(attachment)} download={attachment.fileName}>
              <DownloadIcon />
              Download
            </a>
          </DropdownMenuItem>
          {canRelabel && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="text-muted-foreground text-xs font-normal">
                File as
              </DropdownMenuLabel>
              <DropdownMenuRadioGroup
                value={attachment.kind}
                onValueChange={(kind) => relabel(kind as AttachmentKind)}
              >
                {ATTACHMENT_KINDS.map((kind) => (
                  <DropdownMenuRadioItem key={kind} value={kind} disabled={update.isPending}>
                    {ATTACHMENT_KIND_LABELS[kind]}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </>
          )}
          {canDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
                <Trash2Icon />
                Delete
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this file?"
        description={
          <>
            <span className="font-medium break-all">{attachment.fileName}</span> will be removed from the
            claim for everyone. This cannot be undone.
          </>
        }
        confirmLabel="Delete file"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
