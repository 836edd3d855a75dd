import { useFormContext } from 'react-hook-form';
import { formatCents } from '@shared/money';

import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import type { EstimateFormValues } from './estimate-form';

export type EstimateFacility = { name: string; laborRateCents: number | null } | null;

export function TextInput({
  name,
  label,
  description,
  prefix,
  ...input
}: {
  name: 'number' | 'laborRateCents' | 'taxRatePercent';
  label: string;
  description?: string;
  prefix?: string;
  suffix?: string;
  inputMode?: 'decimal';
  placeholder?: string;
}) {
  const form = useFormContext<EstimateFormValues>();
  const { suffix, ...rest } = input;
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            {prefix && (
              <span
                aria-hidden="true"
                className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
              >
                {prefix}
              </span>
            )}
            <FormControl>
              <Input
                {...field}
                {...rest}
                autoComplete="off"
                className={[prefix ? 'pl-7' : '', suffix ? 'pr-14' : '', 'tabular-nums'].join(' ')}
              />
            </FormControl>
            {suffix && (
              <span
                aria-hidden="true"
                className="text-muted-foreground pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm"
              >
                {suffix}
              </span>
            )}
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The facility's rate when it has one (it prices every estimate), else the estimate's own. */
export function LaborRate({ facility }: { facility: EstimateFacility }) {
  if (facility?.laborRateCents != null) {
    return (
      <div className="grid content-start gap-2">
        <p className="text-sm leading-none font-medium">Labour rate</p>
        <p className="flex h-9 items-center text-sm tabular-nums">
          {formatCents(facility.laborRateCents)} per hour
        </p>
        <p className="text-muted-foreground text-sm">{facility.name}’s rate, on file.</p>
      </div>
    );
  }
  return (
    <TextInput
      name="laborRateCents"
      label="Labour rate"
      prefix="$"
      suffix="per hour"
      inputMode="decimal"
      placeholder="0.00"
      description={
        facility ? `${facility.name} has no rate on file.` : 'The claim has no repair facility with a rate.'
      }
    />
  );
}
