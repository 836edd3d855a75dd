/** Estimates and their supplements on the claim page (the server's estimates module). */
export { ClaimEstimates } from './components/claim-estimates';
