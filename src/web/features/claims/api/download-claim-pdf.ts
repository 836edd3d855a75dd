import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Fetches the claim's PDF report (through the API client, so errors and session expiry behave as everywhere) and saves it. */
export async function downloadClaimPdf(claim: { id: string; claimNumber: string }) {
  const response = await apiRequest('GET', `/api/vehicles/${encodeURIComponent(claim.id)}/pdf`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${claim.claimNumber}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is no longer needed after this tick.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useDownloadClaimPdfMutation() {
  return useMutation({ mutationFn: downloadClaimPdf });
}
