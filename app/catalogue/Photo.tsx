import { pictureSources } from '#domain/media.ts';

type Props = {
  photo: string | null | undefined;
  /** The CSS pixels the picture takes on the page at its widest: its box (width/height) and the 1x/2x choice. */
  width: number;
  /** What the browser is told the picture's width is, to pick from the srcset before layout. */
  sizes: string;
  /** Below the fold: the browser fetches it when it comes near the screen. */
  lazy: boolean;
  className: string;
};

/**
 * A dish's photo (decision 062): AVIF, else WebP, in the width the screen needs, in a box reserved by width and
 * height before the file arrives, so nothing below it moves. No photo, nothing.
 */
export function Photo({ photo, width, sizes, lazy, className }: Props) {
  const picture = pictureSources(photo, width);
  if (!picture) return null;
  return (
    <picture className={className}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        alt=""
        width={picture.width}
        height={picture.height}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
      />
    </picture>
  );
}
