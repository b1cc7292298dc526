import { useState } from 'react';
import type { ImageView, MediaView } from '../lib/catalogue-view.js';

/**
 * The product's pictures and videos: one large item and a row of thumbnails to switch it.
 * `override` (the chosen variant's own picture) takes the large slot until a thumbnail is picked.
 */
export function MediaGallery({ media, name, override }: { media: MediaView[]; name: string; override?: ImageView }) {
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState(false);
  const current: MediaView | undefined = override && !picked ? { kind: 'image', image: override } : media[index];
  return (
    <section className="gallery" aria-label={`${name}: pictures`}>
      <div className="gallery__stage">
        {current?.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: product videos carry no speech; the title names them
          <video src={current.url} poster={current.poster?.url} controls preload="metadata" title={current.title} />
        ) : current ? (
          <img
            src={current.image.url}
            alt={current.image.alt}
            width={current.image.width ?? 800}
            height={current.image.height ?? 800}
            fetchPriority="high"
          />
        ) : (
          <div className="gallery__empty">No picture yet</div>
        )}
      </div>
      {media.length > 1 ? (
        <ul className="gallery__thumbs">
          {media.map((item, i) => {
            const thumb = item.kind === 'image' ? item.image : item.poster;
            const selected = (picked || !override) && i === index;
            return (
              <li key={`${item.kind}-${thumb?.url ?? i}`}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-pressed={selected}
                  aria-label={`Show ${item.kind === 'video' ? 'video' : 'picture'} ${i + 1} of ${media.length}`}
                  onClick={() => {
                    setIndex(i);
                    setPicked(true);
                  }}
                >
                  {thumb ? <img src={thumb.url} alt="" width={72} height={72} loading="lazy" /> : null}
                  {item.kind === 'video' ? (
                    <span className="gallery__play" aria-hidden="true">
                      ▶
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
