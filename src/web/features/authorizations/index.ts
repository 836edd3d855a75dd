/** Mechanical claims' authorization requests and their review (the server's authorizations module). */
export { ClaimAuthorizations } from './components/claim-authorizations';
