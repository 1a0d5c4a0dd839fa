/**
 * Part 5: avatar and image uploads strip the data-URL prefix (`data:image/png;base64,`) before
 * sending, so the body carries bare base64. Input without a prefix is returned unchanged.
 */
export function stripDataUrlPrefix(dataUrl: string): string {
  const match = /^data:[^,]*,/i.exec(dataUrl);
  return match ? dataUrl.slice(match[0].length) : dataUrl;
}
