/** The Claim Manager board: open claims by status, moved by drag and drop (the server's claim-board module). */
export { ClaimManager } from './components/claim-manager';
