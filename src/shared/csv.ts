/**
 * CSV as spreadsheets and accounting packages read it (RFC 4180, CRLF line ends), one helper for every export.
 * A cell starting with = + - @ or a tab is prefixed with ' so a spreadsheet never runs it as a formula — unless
 * it is a plain number such as -12.50, which no spreadsheet runs and an import must read as a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF-terminated. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
