import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// src/web/test/setup.ts keeps failed attempts inside waitFor quiet; what a failing test shows must not suffer.
describe('a query that fails', () => {
  it('outside waitFor shows the DOM it searched', () => {
    render(<p>Claim CLM-1001</p>);
    expect(() => screen.getByText('CLM-2002')).toThrow(/^Unable to find an element[\s\S]*Claim CLM-1001/);
  });

  it('in findBy shows the DOM it searched once, when it gives up', async () => {
    render(<p>Claim CLM-1001</p>);
    const error = await screen.findByText('CLM-2002', {}, { timeout: 50 }).then(
      () => new Error('found'),
      (failure: Error) => failure,
    );
    expect(error.name).toBe('TestingLibraryElementError');
    expect(error.message).toMatch(/^Unable to find an element with the text: CLM-2002/);
    expect(error.message.match(/Claim CLM-1001/g)).toHaveLength(1);
  });
});
