export { ClaimAuthorizations } from './components/claim-authorizations';
