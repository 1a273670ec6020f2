import { defaultFileName, mediaType } from '@specrun/model';

/** A file as it was kept before files were stored apart: the text of a `file` column, read. */
export interface LegacyFile {
  name: string;
  type: string;
  content: Buffer;
}

// RFC 3986 percent-encoding, decoded byte by byte: a data URL without `;base64` may hold any bytes.
function percentDecoded(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '%' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/**
 * What a `file` column held before its bytes moved to a table of their own: a data URL (base64 or
 * percent-encoded, RFC 2397), or, since any text was accepted then, anything else, kept as the
 * plain text it is. Nothing is dropped: a value that is no data URL becomes a text file.
 */
export function readLegacyFile(text: string, field: string): LegacyFile {
  const comma = text.indexOf(',');
  if (!/^data:/i.test(text) || comma < 0) {
    const type = 'text/plain';
    return { name: defaultFileName(field, type), type, content: Buffer.from(text, 'utf8') };
  }
  const header = text.slice(5, comma).split(';');
  const base64 = header.length > 1 && header.at(-1)!.toLowerCase() === 'base64';
  if (base64) header.pop();
  const data = text.slice(comma + 1);
  // RFC 2397: a data URL that names no type is text/plain.
  const type = header[0] ? (mediaType(header[0]) ?? 'application/octet-stream') : 'text/plain';
  const content = base64 ? Buffer.from(data, 'base64') : percentDecoded(data);
  return { name: defaultFileName(field, type), type, content };
}
