import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { RuleError } from '#domain/errors.ts';
import { drawFood } from '#domain/food-art.ts';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MEDIA_KINDS,
  VARIANT_FORMATS,
  heightFor,
  photoAddress,
  sniffImage,
  variantName,
  type MediaKind,
  type VariantFormat,
  type VariantRef,
} from '#domain/media.ts';
import type { MediaStorage } from './storage.ts';

// AVIF at libvips' default effort (4) took 3.3 s for a dish's four widths on this machine's CPU; effort 2 a fifth of
// it for files a few per cent larger. WebP at its default is fast already.
const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
};

const keyOf = (ref: VariantRef) => `${ref.kind}/${variantName(ref)}`;

/** One variant: the picture cropped to the kind's shape at `width`, rotated as the camera said, metadata dropped. */
async function encode(source: Uint8Array, ref: VariantRef, svg = false): Promise<Uint8Array> {
  const height = heightFor(ref.kind, ref.width);
  // An SVG is drawn at the density its width needs, not drawn small and enlarged.
  const density = svg ? Math.max(72, Math.ceil((72 * ref.width) / 400)) : undefined;
  const image = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, ...(density ? { density } : {}) })
    .rotate()
    .resize(ref.width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false });
  return ENCODE[ref.format](image).toBuffer();
}

/**
 * A photo an operator uploads (issue 38): accepted when its first bytes are a JPEG, PNG, WebP or AVIF signature and
 * sharp reads it as that format (a renamed text file, a truncated or forged file, a decompression bomb are refused
 * with imageNotAccepted); imageTooLarge over MAX_IMAGE_BYTES. Stored as every width of its kind in AVIF and WebP under
 * its content hash; answers the address a dish's `photo` takes.
 */
export async function storeUpload(
  storage: MediaStorage,
  kind: MediaKind,
  bytes: Uint8Array,
): Promise<{ photo: string; width: number; height: number }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new RuleError('imageTooLarge');
  const format = sniffImage(bytes);
  if (!format) throw new RuleError('imageNotAccepted');
  const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .metadata()
    .catch(() => null);
  // sharp calls an AVIF `heif` (its container); its compression says which.
  const read = metadata?.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata?.format;
  if (!metadata?.width || !metadata.height || read !== format) throw new RuleError('imageNotAccepted');
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new RuleError('imageTooLarge');
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const refs = MEDIA_KINDS[kind].widths.flatMap((width) =>
    VARIANT_FORMATS.map((variant): VariantRef => ({ kind, id, width, format: variant })),
  );
  // The last variant written marks the upload complete: an upload stopped half-way is redone whole.
  const last = refs.at(-1);
  if (!last || !(await storage.has(keyOf(last)))) {
    const pixels = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .toBuffer()
      .catch(() => {
        throw new RuleError('imageNotAccepted');
      });
    for (const ref of refs) await storage.put(keyOf(ref), await encode(pixels, ref), `image/${ref.format}`);
  }
  return { photo: photoAddress({ kind, id }), width: metadata.width, height: metadata.height };
}

// The variants being drawn now, so that the page's many first requests for one picture draw it once per process.
const drawing = new Map<string, Promise<Uint8Array | null>>();

/**
 * A stored variant's bytes. A demo drawing's variant (server/domain/food-art.ts) that is not stored yet is drawn,
 * stored and answered: the seed writes only addresses, so `npm test`'s many databases cost no encoding, and each
 * picture is encoded once, the first time a page asks for it.
 */
export async function readVariant(storage: MediaStorage, ref: VariantRef): Promise<Uint8Array | null> {
  const key = keyOf(ref);
  const stored = await storage.get(key);
  if (stored) return stored;
  const svg = drawFood(ref.id);
  if (!svg) return null;
  let entry = drawing.get(key);
  if (!entry) {
    entry = encode(Buffer.from(svg), ref, true).then(async (bytes) => {
      await storage.put(key, bytes, `image/${ref.format}`);
      return bytes;
    });
    drawing.set(key, entry);
    void entry.finally(() => drawing.delete(key)).catch(() => undefined);
  }
  return entry;
}
