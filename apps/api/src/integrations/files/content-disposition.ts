/**
 * `attachment` with the name a browser saves the file under (RFC 6266): a plain ASCII `filename`
 * for old clients and the exact name as UTF-8 in `filename*`. Quotes, backslashes and control
 * characters never reach the header.
 */
export function attachmentDisposition(downloadName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not reach a header.
  const cleaned = downloadName.replace(/[\u0000-\u001f\u007f"\\/]/g, ' ').trim() || 'download';
  const ascii = cleaned.normalize('NFKD').replace(/[^\u0020-\u007e]/g, '');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii || 'download'}"; filename*=UTF-8''${encoded}`;
}
