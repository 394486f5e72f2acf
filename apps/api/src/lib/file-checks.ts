import { fileTypeFromBuffer } from 'file-type';

export interface UploadedFile {
  buffer: Buffer;
  /** As the client named it: for display and records only, never part of a storage key. */
  filename: string;
}

/** The file's real type from its first bytes, if it is one of `allowed`; the name and the declared type are ignored. */
export async function sniffType<T extends string>(buffer: Buffer, allowed: readonly T[]): Promise<{ mime: T; ext: string } | null> {
  const found = await fileTypeFromBuffer(buffer);
  if (!found || !allowed.includes(found.mime as T)) return null;
  return { mime: found.mime as T, ext: found.ext };
}

/** A client-supplied file name made safe to store and show: no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const printable = Array.from(name ?? '')
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return Array.from(printable || fallback).slice(0, 200).join('');
}
