import type { ReactNode } from 'react';

import { FieldPair } from '../../../components/form-dialog';
import { TextAreaField, TextField } from '../../../components/form-fields';

export { TextAreaField, TextField } from '../../../components/form-fields';

/** The short unique code of a company or location; kept upper-case, as codes are read. */
export function CodeField({ description }: { description: ReactNode }) {
  return (
    <TextField
      name="code"
      label="Code"
      description={description}
      normalize={(value) => value.toUpperCase()}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="font-mono"
    />
  );
}

/** Where a location or a repair facility is, and whom to call there. */
export function AddressAndContactFields() {
  return (
    <>
      <TextAreaField name="address" label="Address" rows={2} />
      <FieldPair>
        <TextField name="contactName" label="Contact name" autoComplete="off" />
        <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
      </FieldPair>
    </>
  );
}
