import sharp from "sharp";
import { COVER_IMAGE_MAX_EDGE_PX, COVER_IMAGE_MAX_INPUT_PIXELS, ERRORS } from "@caravan/common";
import { HttpError } from "../../http/errors.js";

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

export interface EncodedImage {
  data: Buffer;
  format: ImageFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const FORMATS: Record<ImageFormat, { contentType: string; extension: string }> = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  webp: { contentType: "image/webp", extension: "webp" },
  gif: { contentType: "image/gif", extension: "gif" },
};

/** The format the first bytes announce, or null. Whatever the request's Content-Type or the file's name said. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  return null;
}

/**
 * Decodes the upload and writes a new file of the same format: metadata is not copied (EXIF, GPS and all), the
 * picture is turned upright by its EXIF orientation first, and it is scaled down to fit COVER_IMAGE_MAX_EDGE_PX.
 * 415 when the bytes are not one of the four formats, 422 when they claim one but do not decode.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new HttpError(415, ERRORS.imageUnsupported);

  const animated = sniffed === "gif" || sniffed === "webp";
  const input = () => sharp(bytes, { animated, limitInputPixels: COVER_IMAGE_MAX_INPUT_PIXELS, failOn: "truncated" });
  let pages: number;
  try {
    const meta = await input().metadata();
    if (meta.format !== sniffed) throw new HttpError(415, ERRORS.imageUnsupported);
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > COVER_IMAGE_MAX_INPUT_PIXELS) {
      throw new HttpError(422, ERRORS.imageDimensionsTooLarge);
    }
    pages = meta.pages ?? 1;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(422, ERRORS.imageUnreadable);
  }

  try {
    let pipeline = input();
    // EXIF orientation applies to still images; animations carry none.
    if (pages === 1) pipeline = pipeline.rotate();
    pipeline = pipeline.resize(COVER_IMAGE_MAX_EDGE_PX, COVER_IMAGE_MAX_EDGE_PX, {
      fit: "inside",
      withoutEnlargement: true,
    });
    const { data, info } = await pipeline
      .toFormat(sniffed, sniffed === "jpeg" ? { quality: 85, mozjpeg: true } : {})
      .toBuffer({ resolveWithObject: true });
    return { data, format: sniffed, ...FORMATS[sniffed], width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error)?.message))) throw new HttpError(422, ERRORS.imageDimensionsTooLarge);
    throw new HttpError(422, ERRORS.imageUnreadable);
  }
}
