import { reversePaymentSchema } from '@shared/accounting';

import { toast } from '../../../hooks/use-toast';
import { useReversePaymentMutation } from '../api/payments';
import { ReasonDialog } from './reason-dialog';

/** Reverses a payment, with the reason kept on record: the balances it settled open again. */
export function ReversePaymentDialog({
  payment,
  onClose,
}: {
  /** The payment and how it reads ("Check 1042"); null when closed. */
  payment: { paymentId: string; label: string } | null;
  onClose: () => void;
}) {
  const reversing = useReversePaymentMutation();
  return (
    <ReasonDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reverse this payment?"
      description={`${payment?.label ?? 'The payment'} is reversed: the balances it settled open again. It stays on record.`}
      schema={reversePaymentSchema.shape.reason}
      label="Why is it reversed?"
      submitLabel="Reverse payment"
      failureTitle="Could not reverse the payment"
      pending={reversing.isPending}
      onSubmit={(reason, onError) =>
        reversing.mutate(
          { id: payment!.paymentId, reason },
          {
            onSuccess: () => {
              toast({ title: 'Payment reversed', description: 'The balances it settled are open again.' });
              onClose();
            },
            onError,
          },
        )
      }
    />
  );
}
