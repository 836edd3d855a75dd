export { ClaimEstimates } from './components/claim-estimates';
