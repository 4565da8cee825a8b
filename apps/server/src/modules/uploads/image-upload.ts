import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { syncNewDirectories, writeNewFile } from '../../lib/durable-fs.ts';

/** What an uploaded image may be (DESIGN §8): raster formats only, detected from the bytes. */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 8000;
const MAX_PIXELS = 40_000_000;

/** The name `storeImage` gives a file: a random UUID and the re-encoded type. */
export const STORED_IMAGE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** The one file of a multipart request (field `file`), read into memory within the size cap. */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('UPLOAD_NOT_IMAGE');
  const part = await req.file({ limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1 } });
  if (!part) throw new AppError('UPLOAD_NOT_IMAGE');
  const data = await part.toBuffer().catch(() => {
    throw new AppError('UPLOAD_TOO_LARGE');
  });
  if (part.file.truncated) throw new AppError('UPLOAD_TOO_LARGE');
  return data;
}

export interface StoredImage {
  /** Random file name (never the client's), e.g. `4f1c….png`. */
  name: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Checks and re-encodes an uploaded image (DESIGN §8): the type comes from the content, never from
 * the name or the declared type (an SVG, HTML or a polyglot is refused); size and dimensions are
 * capped before decoding a pixel; the image is decoded and encoded again, which drops metadata
 * (EXIF, GPS, ICC comments) and anything appended to the file. Stored under a random name.
 */
export async function storeImage(
  data: Buffer,
  dir: string,
  opts: { maxSide?: number } = {},
): Promise<StoredImage> {
  if (data.length === 0 || data.length > MAX_UPLOAD_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const type = await fileTypeFromBuffer(data);
  const ext = type && ACCEPTED.get(type.mime);
  if (!type || !ext) throw new AppError('UPLOAD_NOT_IMAGE');
  let meta: Metadata;
  try {
    // Headers only (no pixel is decoded here), so an oversized image is named as such.
    meta = await sharp(data, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('UPLOAD_NOT_IMAGE');
  }
  if (!meta.width || !meta.height) throw new AppError('UPLOAD_NOT_IMAGE');
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE || meta.width * meta.height > MAX_PIXELS)
    throw new AppError('UPLOAD_DIMENSIONS');
  let pipeline = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  if (opts.maxSide)
    pipeline = pipeline.resize({
      width: opts.maxSide,
      height: opts.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
  pipeline =
    ext === 'jpg'
      ? pipeline.jpeg({ quality: 85, mozjpeg: true })
      : ext === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.webp({ quality: 85 });
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UPLOAD_NOT_IMAGE');
  }
  const name = `${randomUUID()}.${ext}`;
  // Flushed with its directory entries before the caller commits a row naming it (database commits
  // are fsynced, db/durable-pglite.ts): a record must not outlive its file on a power cut.
  const created = await mkdir(dir, { recursive: true });
  await writeNewFile(path.join(dir, name), out.data);
  await syncNewDirectories(created, dir);
  return { name, mime: type.mime, width: out.info.width, height: out.info.height, bytes: out.data.length };
}
