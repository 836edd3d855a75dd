/** An ILIKE pattern matching `text` anywhere, with its own `%`, `_` and backslashes taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
