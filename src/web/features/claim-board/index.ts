export { ClaimManager } from './components/claim-manager';
