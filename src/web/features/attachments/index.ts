export { ClaimAttachments } from './components/claim-attachments';
