import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC-32 of type + data (PNG spec §5.3). */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid, all-black 1-bit greyscale PNG of `width` × `height` pixels (issue #8 item 6): the decompression
 * bomb of the tests. 1 bit per pixel and zlib make it small (16,000 × 16,000 ≈ 30 kB here) while a decoder
 * that expands it allocates a byte or more per pixel (256 MB and up).
 */
export function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: filter byte 0, then ceil(width / 8) bytes of zero bits.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
