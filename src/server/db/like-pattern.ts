/** `text` for an ILIKE pattern: its own `%`, `_` and backslashes taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere. */
export const likePattern = (text: string) => `%${literal(text)}%`;

/** An ILIKE pattern matching what starts with `text`. */
export const likePrefix = (text: string) => `${literal(text)}%`;
