/** Characters a username may contain (the server's mention rule in `parseMentions`). */
const MENTION_AT_CARET = /(?:^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{0,64})$/;

export type MentionQuery = {
  /** Where the `@` is. */
  start: number;
  /** What follows the `@` up to the caret. */
  query: string;
};

/** The `@name` being typed just before the caret, if any: `"Ask @ma|"` → `{ start: 4, query: 'ma' }`. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = MENTION_AT_CARET.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/** `text` with the mention at `mention` replaced by `@username ` and where the caret goes after it. */
export function insertMention(text: string, caret: number, mention: MentionQuery, username: string) {
  const before = text.slice(0, mention.start);
  const after = text.slice(caret).replace(/^[A-Za-z0-9._-]*/, '');
  const spaced = after.startsWith(' ');
  const inserted = `@${username}${spaced ? '' : ' '}`;
  // The caret goes after the space that follows the name, ready for the next word.
  return { text: `${before}${inserted}${after}`, caret: before.length + inserted.length + (spaced ? 1 : 0) };
}
