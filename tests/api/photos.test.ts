import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { restaurants } from '#db/schema/index.ts';
import { MAX_IMAGE_BYTES, MEDIA_KINDS, parsePhoto } from '#domain/media.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });

const address = () => `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
const login = async (email: string, password: string) => {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': address() },
  });
  return response.headers.get('set-cookie')?.split(';')[0] ?? '';
};
const asAdmin = () => login('admin@example.com', 'admin-demo-2026');
const asManager = () => login('manager@example.com', 'manager-demo-2026');

const restaurantId = async (slug: string) =>
  (await ctx.database.db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, slug)))[0]!.id;

/** What the admin's file input sends: the file's bytes, with whatever type the browser guessed from its name. */
const upload = (restaurant: number, body: Uint8Array, cookie: string, type = 'image/jpeg') =>
  request(ctx, `/api/admin/menu/restaurants/${restaurant}/photo`, {
    method: 'POST',
    body: body as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': type, origin: 'http://localhost', 'x-forwarded-for': address(), cookie },
  });

/** A photo as a camera would give it: 1600×1000, not the 4:3 the pages show. */
const photo = (format: 'jpeg' | 'png') => {
  const image = sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 90, b: 40 } },
  }).composite([
    {
      input: Buffer.from('<svg width="400" height="300"><circle cx="200" cy="150" r="120" fill="#fff"/></svg>'),
      left: 600,
      top: 350,
    },
  ]);
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

describe('uploading a dish’s photo (issue 38)', () => {
  it('refuses a renamed text file with imageNotAccepted, whatever its name and type say', async () => {
    const admin = await asAdmin();
    const id = await restaurantId('pasta-fresca-warszawa-mokotow');
    const text = new TextEncoder().encode('Not a photo at all, just text saved as pierogi.jpg\n');
    const refused = await upload(id, text, admin, 'image/jpeg');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'imageNotAccepted' });
    // A JPEG's first bytes in front of anything else: the signature alone does not pass, sharp must read it.
    const forged = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text]);
    expect(await (await upload(id, forged, admin)).json()).toMatchObject({ error: 'imageNotAccepted' });
    // A real PNG is still judged by its content: its bytes say PNG, whatever the type says.
    expect((await upload(id, await photo('png'), admin, 'text/plain')).status).toBe(201);
  });

  it('refuses a file over 8 MB with imageTooLarge before reading it', async () => {
    const admin = await asAdmin();
    const id = await restaurantId('pasta-fresca-warszawa-mokotow');
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const refused = await upload(id, big, admin);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: 'imageTooLarge' });
  });

  it('stores every width in AVIF and WebP, 4:3, served with a year of caching; the same file is the same photo', async () => {
    const admin = await asAdmin();
    const id = await restaurantId('pasta-fresca-warszawa-mokotow');
    const answer = await upload(id, await photo('jpeg'), admin);
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { photo: string; width: number; height: number };
    expect(body).toMatchObject({ width: 1600, height: 1000 });
    const ref = parsePhoto(body.photo)!;
    expect(ref.kind).toBe('dish');
    for (const width of MEDIA_KINDS.dish.widths) {
      for (const format of ['avif', 'webp'] as const) {
        const stored = await ctx.deps.media.get(`dish/${ref.id}-${width}.${format}`);
        const metadata = await sharp(stored!).metadata();
        expect([metadata.width, metadata.height], `${width} ${format}`).toEqual([width, (width * 3) / 4]);
        expect(metadata.format).toBe(format === 'avif' ? 'heif' : 'webp');
      }
    }
    const served = await request(ctx, `/media/dish/${ref.id}-256.avif`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(256);
    const again = await request(ctx, `/media/dish/${ref.id}-256.avif`, {
      headers: { 'if-none-match': served.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // The photo's own address, for a client that writes no srcset: its 512 px WebP.
    const plain = await request(ctx, body.photo);
    expect(plain.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(new Uint8Array(await plain.arrayBuffer())).metadata()).width).toBe(512);
    // A width the pages do not use is no file.
    expect((await request(ctx, `/media/dish/${ref.id}-300.avif`)).status).toBe(404);
    // The same file uploaded again is the same photo.
    expect(((await (await upload(id, await photo('jpeg'), admin)).json()) as { photo: string }).photo).toBe(body.photo);
  });

  it('lets a kitchen manager upload for their own kitchens’ restaurants only', async () => {
    const manager = await asManager();
    const own = await upload(await restaurantId('pasta-fresca-warszawa-mokotow'), await photo('png'), manager);
    expect(own.status).toBe(201);
    const other = await upload(await restaurantId('pierogi-babci-krakow-kazimierz'), await photo('png'), manager);
    expect(other.status).toBe(403);
  });
});

describe('the demo dishes’ drawn photos', () => {
  it('are addresses in the seed, drawn and stored the first time a variant is asked for', async () => {
    const menu = (await (await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow')).json()) as {
      categories: { items: { name: string; photo: string | null }[] }[];
    };
    const photos = menu.categories.flatMap((c) => c.items.map((i) => i.photo));
    expect(photos.every((p) => parsePhoto(p)?.id.startsWith('art1-'))).toBe(true);
    // Distinct pictures: one per dish.
    expect(new Set(photos).size).toBe(photos.length);
    const ref = parsePhoto(photos[0])!;
    expect(await ctx.deps.media.has(`dish/${ref.id}-128.webp`)).toBe(false);
    const served = await request(ctx, `/media/dish/${ref.id}-128.webp`);
    expect(served.status).toBe(200);
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 128, 96]);
    expect(await ctx.deps.media.has(`dish/${ref.id}-128.webp`)).toBe(true);
    // Its own address, for a client that writes no srcset, is the drawing itself.
    const drawing = await request(ctx, photos[0]!);
    expect(drawing.headers.get('content-type')).toBe('image/svg+xml');
    expect(await drawing.text()).toMatch(/^<svg [^>]*viewBox="0 0 400 300"/);
  });
});
