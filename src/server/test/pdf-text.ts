import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, joined, with runs of white space made one space. */
export async function pdfText(body: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}
