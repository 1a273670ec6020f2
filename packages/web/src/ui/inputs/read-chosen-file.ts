/** A file chosen in the browser as a data URL, as the API takes files. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Why files cannot be sent in one request of at most `limit` bytes, or undefined when they can:
 * said at once, not after a slow upload. Base64 grows a file by a third; the rest of the request
 * needs a little room too.
 */
export function tooLargeToSend(
  bytes: number,
  limit: number,
  what = 'This file is',
): string | undefined {
  if (bytes * 1.37 + 2048 <= limit) return undefined;
  const most = Math.floor(limit / 1.37 / 1024);
  return `${what} too large to send: at most ${most} KB can be sent. Choose a smaller file, or remove it.`;
}
