const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * "figures as of 9:14 AM": the moment a report's or the Fleet Dashboard's figures were counted, in the reader's
 * time. The server keeps an answer while nothing it counts changes, for up to ten minutes (decision 035).
 */
export const figuresAsOf = (asOf: string) => `figures as of ${timeOfDay.format(new Date(asOf))}`;
