/** A claim's photos and documents: upload, gallery, rename, delete (the server's attachments module). */
export { ClaimAttachments } from './components/claim-attachments';
