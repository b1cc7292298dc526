import { defineErrors } from '../../platform/errors.js';

/** The catalogue import's error codes (the merchant's catalogue export and import, issue #24). */
export const CatalogueTransferErrors = defineErrors({
  IMPORT_REJECTED: {
    status: 422,
    message: 'Import refused',
    description: 'The file has problems (data.problems, by line); nothing was imported',
  },
  IMPORT_NOT_UTF8: { status: 422, message: 'Import refused', description: 'the file is not UTF-8 text: save it as UTF-8' },
  IMPORT_TOO_MANY_PRODUCTS: {
    status: 413,
    message: 'Payload Too Large',
    description: 'The file has more products than one import takes; split it, or use `vitrine import` on the server',
  },
});
