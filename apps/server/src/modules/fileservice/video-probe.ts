import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { MessageRef } from '@cc/contracts';
import { LocalDiskStorage } from '../../storage/local-disk.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { parseRange } from './range.js';

/** What ffprobe tells about a video. Seconds and pixels. */
export interface ProbeResult {
  duration: number;
  width: number;
  height: number;
  codecs: { format: string; video: string; audio: string | null };
}

/**
 * Why bytes are not a video: `error` in English with ffprobe's detail (stored for operators), `reason` the
 * catalog message the author reads in their language (issue #9).
 */
export interface ProbeRefusal {
  error: string;
  reason: MessageRef;
}

/** ffprobe/ffmpeg should take seconds; a hung tool must not hold a job forever. */
const TOOL_TIMEOUT_MS = 5 * 60_000;

function run(
  file: string,
  args: string[],
  encoding: 'utf8' | 'buffer',
): Promise<{ stdout: string | Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { encoding, maxBuffer: 32 * 1024 * 1024, timeout: TOOL_TIMEOUT_MS, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stderr: String(stderr) }));
        else resolve({ stdout, stderr: String(stderr) });
      },
    );
  });
}

/** Demuxers that read still images: an image renamed .mp4 has a "video" stream but is not a video. */
const IMAGE_FORMATS =
  /(^|,)(image2|png_pipe|jpeg_pipe|gif|webp_pipe|bmp_pipe|tiff_pipe|svg_pipe|apng|image2pipe)(,|$)/;

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

/**
 * Probes a file or URL with ffprobe's JSON output (issue #3 "probes the file with ffprobe").
 * @param input a local path or an http URL (ffprobe seeks with range requests)
 * @returns the duration (s), size (px) and codecs, or `{ error, reason }` when the bytes are not a video whatever
 *   their name: ffprobe cannot read them, finds no moving video stream, or no duration
 * @throws when ffprobe itself cannot be run (missing binary): an operations fault, retried by the job
 */
export async function probeVideo(ffprobePath: string, input: string): Promise<ProbeResult | ProbeRefusal> {
  let out: FfprobeOutput;
  try {
    const { stdout } = await run(
      ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
      'utf8',
    );
    out = JSON.parse(String(stdout)) as FfprobeOutput;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`ffprobe not found at ${ffprobePath}`, { cause: error });
    // ffprobe names its input ("/data/media/videos/….mp4: Invalid data …"): the reason reaches the author,
    // a server path must not (issue #8 item 8).
    const detail = (
      String((error as { stderr?: string }).stderr ?? '')
        .trim()
        .split('\n')
        .pop() ?? ''
    )
      .split(input)
      .join('the file');
    return {
      error: `the file is not a video (ffprobe could not read it${detail ? `: ${detail}` : ''})`,
      reason: { code: 'VIDEO_UNREADABLE' },
    };
  }
  const format = out.format?.format_name ?? '';
  const video = out.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || IMAGE_FORMATS.test(format))
    return { error: 'the file is not a video (no video stream found)', reason: { code: 'VIDEO_NO_STREAM' } };
  const duration = Number(out.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0)
    return { error: 'the file is not a video (it has no duration)', reason: { code: 'VIDEO_NO_DURATION' } };
  if (!video.width || !video.height)
    return {
      error: 'the file is not a video (the video stream has no size)',
      reason: { code: 'VIDEO_NO_SIZE' },
    };
  const audio = out.streams?.find((s) => s.codec_type === 'audio');
  return {
    duration,
    width: video.width,
    height: video.height,
    codecs: { format, video: video.codec_name ?? 'unknown', audio: audio?.codec_name ?? null },
  };
}

/**
 * One frame as JPEG (the cover made when the author gave none, issue #3): at `atSeconds`, scaled to at
 * most 1280 px wide.
 * @returns the JPEG bytes, or null when ffmpeg produced no frame
 */
export async function extractFrameJpeg(
  ffmpegPath: string,
  input: string,
  atSeconds: number,
): Promise<Buffer | null> {
  try {
    const { stdout } = await run(
      ffmpegPath,
      [
        '-v',
        'error',
        '-ss',
        atSeconds.toFixed(3),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(1280,iw)':-2",
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        '-q:v',
        '3',
        'pipe:1',
      ],
      'buffer',
    );
    const bytes = stdout as Buffer;
    return bytes.length > 0 ? bytes : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`ffmpeg not found at ${ffmpegPath}`, { cause: error });
    return null;
  }
}

/**
 * Runs `fn` with a path or URL ffprobe/ffmpeg can read for the stored object `key`: the file itself on
 * local disk; for S3, a loopback HTTP server on 127.0.0.1 that answers range requests from the bucket,
 * so a 30 GB video is probed by seeking, never downloaded.
 */
export async function withReadableInput<T>(
  storage: ObjectStorage,
  key: string,
  fn: (input: string) => Promise<T>,
): Promise<T> {
  if (storage instanceof LocalDiskStorage) return fn(storage.filePath(key));
  const info = await storage.stat(key);
  if (!info) throw new Error(`object ${key} is missing`);
  const server: Server = createServer((req, res) => {
    const range = parseRange(req.headers.range, info.size);
    if (range.kind === 'unsatisfiable') {
      res.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
      return;
    }
    const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    const headers: Record<string, string | number> = {
      'accept-ranges': 'bytes',
      'content-type': info.contentType ?? 'application/octet-stream',
      'content-length': part ? part.end - part.start + 1 : info.size,
    };
    if (part) headers['content-range'] = `bytes ${part.start}-${part.end}/${info.size}`;
    if (req.method === 'HEAD') {
      res.writeHead(part ? 206 : 200, headers).end();
      return;
    }
    storage
      .createReadStream(key, part)
      .then(async (stream) => {
        if (!stream) return void res.writeHead(404).end();
        res.writeHead(part ? 206 : 200, headers);
        await pipeline(stream, res);
      })
      // ffprobe closes connections mid-body when it seeks; that is not an error worth reporting.
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await fn(`http://127.0.0.1:${port}/video`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
