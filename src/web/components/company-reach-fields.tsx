import { useFormContext, useWatch } from 'react-hook-form';
import type { CompanySummary } from '@shared/users';

import { CompanyMultiSelect } from './company-multi-select';
import { RadioCardOption } from './form-choice-fields';
import { FieldBlock } from './form-fields';
import { FormControl } from './ui/form';
import { RadioGroup } from './ui/radio-group';

/** What the form holds for "which companies": `reach` and, for `some`, the ids; the request's null means every one. */
export type CompanyReach = { reach: 'all' | 'some'; companyIds: string[] };

/** The request's `companyIds`: null for every company. */
export const companyIdsOf = ({ reach, companyIds }: CompanyReach) => (reach === 'all' ? null : companyIds);

/**
 * Every company or chosen ones (an API token's, a webhook's), as two radio cards and, for chosen ones, the picker.
 * Fields `reach` and `companyIds` of the surrounding form. Without `everyCompany` (a manager's token: chosen
 * companies only, `reach` stays `some`), only the picker.
 */
export function CompanyReachFields({
  companies,
  allDescription,
  someDescription,
  onReachChange,
  everyCompany = true,
}: {
  companies: readonly CompanySummary[];
  allDescription: string;
  someDescription: string;
  onReachChange?: (reach: CompanyReach['reach']) => void;
  everyCompany?: boolean;
}) {
  const form = useFormContext<CompanyReach>();
  const reach = useWatch({ control: form.control, name: 'reach' });
  return (
    <>
      {everyCompany && (
        <FieldBlock name="reach" label="Companies">
          {(field) => (
            <FormControl>
              <RadioGroup
                value={field.value as string}
                onValueChange={(next) => {
                  field.onChange(next);
                  onReachChange?.(next as CompanyReach['reach']);
                }}
                className="gap-2 sm:grid-cols-2"
              >
                <RadioCardOption value="all" title="Every company" description={allDescription} />
                <RadioCardOption value="some" title="Chosen companies" description={someDescription} />
              </RadioGroup>
            </FormControl>
          )}
        </FieldBlock>
      )}
      {reach === 'some' && (
        <FieldBlock
          name="companyIds"
          label={everyCompany ? 'Which companies' : 'Companies'}
          description={everyCompany ? undefined : someDescription}
        >
          {(field) => (
            <FormControl>
              <CompanyMultiSelect
                companies={companies}
                value={(field.value as string[]) ?? []}
                onChange={field.onChange}
              />
            </FormControl>
          )}
        </FieldBlock>
      )}
    </>
  );
}
