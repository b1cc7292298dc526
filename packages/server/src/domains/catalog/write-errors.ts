import { defineErrors } from '../../platform/errors.js';

/** Errors of the catalogue writes (merchant API and media uploads). */
export const CatalogWriteErrors = defineErrors({
  PRODUCT_NOT_FOUND: { status: 404, message: 'Product not found', description: 'No product has this id' },
  COLLECTION_NOT_FOUND: { status: 404, message: 'Collection not found', description: 'No collection has this id' },
  VARIANT_NOT_FOUND: { status: 404, message: 'Variant not found', description: 'The product has no variant with this id' },
  PRODUCT_MEDIA_NOT_FOUND: { status: 404, message: 'Media not found', description: 'The product has no media item with this id' },
  MEDIA_FILE_NOT_FOUND: { status: 404, message: 'Media not found', description: 'No uploaded media file has this id' },
  MEDIA_FILE_IN_USE: {
    status: 409,
    message: 'Media in use',
    description: 'A product or collection still shows this file: remove it there first',
  },
  SLUG_TAKEN: { status: 409, message: 'Slug taken', description: 'Another item already uses this slug' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported Media Type',
    description: 'Upload a JPEG, PNG, GIF or WebP image, or an MP4, QuickTime or WebM video',
  },
  INVALID_MEDIA_FILE: { status: 400, message: 'Invalid media file', description: 'The file content is not of its declared type' },
});
