/**
 * Photos (issue 38, decision 062): which files are accepted, the shapes and widths a picture is stored in, how a
 * stored picture is named, and the `srcset` a page writes for it. Pure, so the upload route, the media route, the
 * server-rendered pages and the islands read the same rules.
 */

/** An upload above this is refused with imageTooLarge before it is read whole. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Nor is a picture of more pixels decoded (a small file may unpack into gigabytes: a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The formats an upload may be in; judged by the file's first bytes, never by its name or Content-Type. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/**
 * The format a file's signature says it is in, or null. AVIF is an ISO-BMFF file whose `ftyp` box names `avif` or
 * `avis` among its brands (a HEIC photo names `heic` and is refused: browsers do not show it).
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
    const end = Math.min(size, bytes.length);
    // The major brand at 8, the minor version at 12, the compatible brands from 16 to the box's end.
    for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/**
 * What a picture is for: its shape (every variant is cropped to it, so a page knows each variant's height from its
 * width and reserves the box before the file arrives) and the widths it is stored in, from the smallest place it is
 * shown at 1x to the largest at 2x. A dish: the basket's 4rem thumbnail, the menu's 7.5rem card picture, the
 * dish dialog's full width (34rem).
 */
export const MEDIA_KINDS = {
  dish: { aspect: [4, 3], widths: [128, 256, 512, 1024] },
} as const satisfies Record<string, { aspect: readonly [number, number]; widths: readonly number[] }>;
export type MediaKind = keyof typeof MEDIA_KINDS;

/** The formats every variant is stored in, best first: a browser takes the first its <picture> says it reads. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A variant's height for its width, rounded to whole pixels. */
export const heightFor = (kind: MediaKind, width: number): number => {
  const [w, h] = MEDIA_KINDS[kind].aspect;
  return Math.round((width * h) / w);
};

/**
 * A stored picture's name: an upload's is the first 24 hex digits of its bytes' SHA-256 (the same file uploaded
 * twice is stored once, and a name never changes what it shows, so it may be cached forever); a drawn demo
 * picture's is `art<version>-<motif>-<8 hex digits>`, which decide the drawing (server/domain/food-art.ts).
 */
const MEDIA_ID = /^(?:[0-9a-f]{24}|art\d+-[a-z]+-[0-9a-f]{8})$/;
const PHOTO = /^\/media\/([a-z]+)\/([^/]+)$/;
const VARIANT = /^([a-z0-9-]+)-(\d+)\.(avif|webp)$/;

export type MediaRef = { kind: MediaKind; id: string };
export type VariantRef = MediaRef & { width: number; format: VariantFormat };

const isKind = (text: string): text is MediaKind => Object.hasOwn(MEDIA_KINDS, text);

/** A stored picture's address, the value a dish's `photo` holds: `/media/dish/<id>`. */
export const photoAddress = ({ kind, id }: MediaRef): string => `/media/${kind}/${id}`;

/** The stored picture a `photo` value names, or null for an outside address (or none). */
export function parsePhoto(photo: string | null | undefined): MediaRef | null {
  const [, kind = '', id = ''] = PHOTO.exec(photo ?? '') ?? [];
  return isKind(kind) && MEDIA_ID.test(id) ? { kind, id } : null;
}

/** A variant's file name inside its kind's folder: `<id>-<width>.<format>`. */
export const variantName = ({ id, width, format }: Omit<VariantRef, 'kind'>): string => `${id}-${width}.${format}`;

/** A variant's address: `/media/<kind>/<id>-<width>.<format>`. */
export const variantAddress = (ref: VariantRef): string => `/media/${ref.kind}/${variantName(ref)}`;

/**
 * The variant a /media/<kind>/<file> request names, or null when no such variant can exist. The photo's own address
 * (a bare id) is its 512 px WebP, for a client that writes no srcset (the bot, the API's other users).
 */
export function parseVariant(kind: string, file: string): VariantRef | null {
  if (isKind(kind) && MEDIA_ID.test(file)) return { kind, id: file, width: 512, format: 'webp' };
  const [, id = '', digits, format] = VARIANT.exec(file) ?? [];
  if (!isKind(kind) || !MEDIA_ID.test(id)) return null;
  const width = Number(digits);
  if (!(MEDIA_KINDS[kind].widths as readonly number[]).includes(width)) return null;
  return { kind, id, width, format: format as VariantFormat };
}

/** What a page writes for a picture: one source per format, the fallback <img>'s src, and its box. */
export type PictureSources = {
  sources: { type: `image/${VariantFormat}`; srcset: string }[];
  src: string;
  width: number;
  height: number;
};

/**
 * The <picture> of a photo shown `displayWidth` CSS pixels wide: a `srcset` per format listing every stored width
 * (the browser picks by `sizes` and the screen's density), the fallback at the smallest width at least twice the
 * display's, and width/height in the kind's shape so the box is reserved before the file loads. An outside address
 * (kept from before uploads) is shown as it is, in the same box; no photo is null.
 */
export function pictureSources(photo: string | null | undefined, displayWidth: number): PictureSources | null {
  const width = displayWidth;
  const ref = parsePhoto(photo);
  if (!ref) return photo ? { sources: [], src: photo, width, height: heightFor('dish', width) } : null;
  const widths = MEDIA_KINDS[ref.kind].widths;
  const fallback = widths.find((w) => w >= 2 * displayWidth) ?? Math.max(...widths);
  return {
    sources: VARIANT_FORMATS.map((format) => ({
      type: `image/${format}` as const,
      srcset: widths.map((w) => `${variantAddress({ ...ref, width: w, format })} ${w}w`).join(', '),
    })),
    src: variantAddress({ ...ref, width: fallback, format: 'webp' }),
    width,
    height: heightFor(ref.kind, width),
  };
}
