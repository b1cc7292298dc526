/**
 * What the server's upload endpoint stores (its list of types, at most 10 MB a file), so that a file
 * it would refuse is named before anything is sent. Products take pictures and videos; collections
 * show pictures only.
 */

export interface UploadKinds {
  /** the content types taken (the file input's `accept`) */
  types: readonly string[];
  /** what they are, in words */
  words: string;
}

export const PICTURES: UploadKinds = {
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  words: 'a JPEG, PNG, GIF or WebP picture',
};

export const PICTURES_AND_VIDEOS: UploadKinds = {
  types: [...PICTURES.types, 'video/mp4', 'video/quicktime', 'video/webm'],
  words: 'a JPEG, PNG, GIF or WebP picture, or an MP4, QuickTime or WebM video',
};

const MAX_BYTES = 10 * 1024 * 1024;

/** The files the server would refuse, in words; none: `''`. */
export function refusedFiles(files: File[], kinds: UploadKinds = PICTURES_AND_VIDEOS): string {
  const wrong = files.filter((file) => !kinds.types.includes(file.type)).map((file) => file.name);
  const large = files.filter((file) => kinds.types.includes(file.type) && file.size > MAX_BYTES).map((file) => file.name);
  const parts = [];
  if (wrong.length) parts.push(`${wrong.join(', ')}: not ${kinds.words}`);
  if (large.length) parts.push(`${large.join(', ')}: larger than 10 MB`);
  return parts.join('. ');
}
