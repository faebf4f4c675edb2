import { describe, expect, it } from 'vitest';
import {
  MEDIA_KINDS,
  heightFor,
  parsePhoto,
  parseVariant,
  photoAddress,
  pictureSources,
  sniffImage,
  variantAddress,
} from './media.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const ID = '0123456789abcdef01234567';

describe('sniffImage: the format a file is, by its first bytes', () => {
  it('reads the four accepted signatures', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes('\x89PNG\r\n\x1a\n', [0, 0]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('avif');
  });

  it('finds AVIF among the compatible brands, within the ftyp box', () => {
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'miafavis'))).toBe('avif');
    // The brand past the box's stated size is another box's bytes.
    expect(sniffImage(bytes([0, 0, 0, 0x10], 'ftypmif1', [0, 0, 0, 0], 'avif'))).toBeNull();
  });

  it('refuses what browsers cannot show or what is no image: HEIC, a renamed text file, a GIF, nothing', () => {
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffImage(bytes('Hello, this is not a photo.'))).toBeNull();
    expect(sniffImage(bytes('GIF89a'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('addresses of stored photos and their variants', () => {
  it('round-trips an upload and a drawing', () => {
    for (const id of [ID, 'art1-pizza-0badcafe']) {
      const address = photoAddress({ kind: 'dish', id });
      expect(address).toBe(`/media/dish/${id}`);
      expect(parsePhoto(address)).toEqual({ kind: 'dish', id });
    }
  });

  it('names no stored photo for an outside address, an unknown kind or a made-up id', () => {
    for (const photo of [
      null,
      undefined,
      '',
      'https://cdn.example/pierogi.jpg',
      `/media/logo/${ID}`,
      '/media/dish/../x',
    ])
      expect(parsePhoto(photo), String(photo)).toBeNull();
    expect(parsePhoto('/media/dish/0123')).toBeNull();
  });

  it('a variant exists only in a stored width and format', () => {
    expect(parseVariant('dish', `${ID}-256.avif`)).toEqual({ kind: 'dish', id: ID, width: 256, format: 'avif' });
    expect(parseVariant('dish', `${ID}-300.avif`)).toBeNull();
    expect(parseVariant('dish', `${ID}-256.png`)).toBeNull();
    expect(parseVariant('cover', `${ID}-256.webp`)).toBeNull();
    expect(parseVariant('dish', `zz-256.webp`)).toBeNull();
    // The photo's own address shows it too, to a client that writes no srcset.
    expect(parseVariant('dish', ID)).toEqual({ kind: 'dish', id: ID, width: 512, format: 'webp' });
    expect(parseVariant('logo', ID)).toBeNull();
    expect(variantAddress({ kind: 'dish', id: ID, width: 512, format: 'webp' })).toBe(`/media/dish/${ID}-512.webp`);
  });

  it('every dish variant is 4:3, so a page knows its height from its width', () => {
    expect(MEDIA_KINDS.dish.widths.map((w) => heightFor('dish', w))).toEqual([96, 192, 384, 768]);
    expect(heightFor('dish', 120)).toBe(90);
  });
});

describe('pictureSources: what a page writes', () => {
  it('lists every width per format, AVIF first, and falls back to the WebP twice the box', () => {
    const picture = pictureSources(`/media/dish/${ID}`, 120)!;
    expect(picture.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.sources[0]!.srcset).toBe(
      [128, 256, 512, 1024].map((w) => `/media/dish/${ID}-${w}.avif ${w}w`).join(', '),
    );
    expect(picture.src).toBe(`/media/dish/${ID}-256.webp`);
    expect([picture.width, picture.height]).toEqual([120, 90]);
  });

  it('takes the largest width for a box wider than half of it', () => {
    expect(pictureSources(`/media/dish/${ID}`, 600)!.src).toBe(`/media/dish/${ID}-1024.webp`);
  });

  it('shows an outside address as it is, in the same box; no photo is nothing', () => {
    expect(pictureSources('https://cdn.example/p.jpg', 64)).toEqual({
      sources: [],
      src: 'https://cdn.example/p.jpg',
      width: 64,
      height: 48,
    });
    expect(pictureSources('', 64)).toBeNull();
    expect(pictureSources(null, 64)).toBeNull();
  });
});
