import { useEffect } from 'react';

/** Names the browser tab after the page ("Reports · FleetClaims"), so tabs and history read well. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · FleetClaims`;
  }, [title]);
}
