import { MB, md5BytesHex, md5Hex } from '@cc/contracts';

/** The file facts the key is made of (a `File` has them). */
export type KeyFileLike = Pick<File, 'name' | 'size' | 'lastModified' | 'slice'>;

/**
 * The upload id (`key`, API.md §7): 32 lowercase hex characters that are the same each time the author
 * chooses the same file, so a new page (after a reload or a dropped connection) resumes the upload
 * instead of starting over.
 *
 * key = MD5(`${name}|${size}|${lastModified}|${MD5(first MiB)}|${MD5(last MiB)}`) — MD5s as lowercase
 * hex, the string as UTF-8, size in bytes, lastModified in ms since the epoch. For a file of up to 1 MiB
 * both sampled parts are the whole file. Reading two MiB instead of hashing all of a 30 GB file keeps
 * this instant; name, size and mtime catch the usual edits and the sampled bytes catch a different file
 * under the same name. (Two files equal in all five would share a key; the server still checks every
 * shard's `content-md5` and the merged file is probed.)
 */
export async function computeUploadKey(file: KeyFileLike): Promise<string> {
  const head = await file.slice(0, Math.min(MB, file.size)).arrayBuffer();
  const tail = await file.slice(Math.max(0, file.size - MB), file.size).arrayBuffer();
  return md5Hex([file.name, file.size, file.lastModified, md5BytesHex(head), md5BytesHex(tail)].join('|'));
}
