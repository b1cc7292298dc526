/**
 * Media objects as the wire carries them. The SDK side uses strings instead (`wix:image://v1/…`,
 * `wix:video://v1/…` URIs, or plain URLs) wherever an entity declares an image or video field as
 * `string`; the transport converts between the two (WIRE.md "Conversions").
 */

/** An image object on the wire (SDK side: a `wix:image://v1/<id>/<file>#originWidth=…` string). */
export interface ImageObject {
  /** media id (`wix:` media only) */
  id?: string;
  url?: string;
  width?: number;
  height?: number;
  altText?: string | null;
  filename?: string | null;
}

/** One rendition of a video. */
export interface VideoResolution {
  url?: string;
  height?: number;
  width?: number;
  /** poster image of this rendition */
  poster?: ImageObject;
  format?: string;
  /** when `url` stops working */
  urlExpirationDate?: Date | null;
}

/** A video object on the wire (SDK side: a `wix:video://v1/<id>/<file>#posterUri=…` string). */
export interface VideoObject {
  id?: string;
  url?: string;
  resolutions?: VideoResolution[];
  /** poster images; the URI uses the second one when there are two or more */
  posters?: ImageObject[];
  filename?: string | null;
  sizeInBytes?: string | null;
  /** when `url` stops working */
  urlExpirationDate?: Date | null;
}

/** A media file uploaded by a merchant (`media.uploadMedia`), stored and served by the shop. */
export interface UploadedMediaFile {
  /** the media id: pass it as `mediaId` to `products.addProductMedia` */
  id: string;
  /** where the shop serves the file */
  url: string;
  mediaType: 'image' | 'video';
  /** pixel size (images) */
  width?: number;
  height?: number;
  /** the `wix:image://v1/…` (or `wix:video://`) address of the file */
  wixUri: string;
}

/** Options of `media.uploadMedia`. */
export interface UploadMediaOptions {
  /** the file's name as the shop keeps it (default: the `File`'s own name) */
  fileName?: string;
}
