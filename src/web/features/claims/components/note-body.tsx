import type { Note } from '@shared/claims';

/** An `@name` as the server reads mentions (`parseMentions`): not inside a word or an email address. */
const MENTION = /(^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{3,64})/g;

type Segment = { text: string; mention: boolean };

/** The body cut into plain text and the mentions the server recognised (so a typo is not highlighted). */
export function noteSegments(body: string, mentions: Note['mentions']): Segment[] {
  const mentioned = new Set(mentions.map((user) => user.username.toLowerCase()));
  const segments: Segment[] = [];
  let from = 0;
  for (const match of body.matchAll(MENTION)) {
    const name = match[2]!.replace(/[.-]+$/, '');
    if (!mentioned.has(name.toLowerCase())) continue;
    const at = match.index + match[1]!.length;
    if (at > from) segments.push({ text: body.slice(from, at), mention: false });
    segments.push({ text: `@${name}`, mention: true });
    from = at + 1 + name.length;
  }
  if (from < body.length) segments.push({ text: body.slice(from), mention: false });
  return segments;
}

/**
 * A note as its author typed it: plain text only (React escapes it; markup shows as the characters typed),
 * line breaks kept, @mentions highlighted.
 */
export function NoteBody({ note }: { note: Pick<Note, 'body' | 'mentions'> }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {noteSegments(note.body, note.mentions).map((segment, index) =>
        segment.mention ? (
          <span key={index} className="bg-primary/10 text-primary rounded-sm px-0.5 font-medium">
            {segment.text}
          </span>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
