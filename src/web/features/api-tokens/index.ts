import { lazy } from 'react';

export { ApiTokensList } from './components/api-tokens-list';
export { CreateApiTokenDialog } from './components/create-api-token-dialog';

// A manager's own tokens on Edit Profile: a chunk of its own, loaded only where it is drawn.
export const OwnApiTokensCard = lazy(() =>
  import('./components/own-api-tokens-card').then((m) => ({ default: m.OwnApiTokensCard })),
);
