/**
 * The catalogue transfer page's calls as mutations: the export saved as a download, an import file
 * checked, and imported (after which every catalogue list is read again).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { CatalogueExportFormat } from '@vitrine/sdk';
import { exportCatalogue, type ImportFormat, sendCatalogueImport } from './catalogue-transfer.js';
import { merchantApi } from './console-client.js';
import { refresh } from './products-admin.js';
import { saveFile } from './save-file.js';

/** Downloads the whole catalogue in a format. */
export function useCatalogueExport() {
  const { client } = useVitrine();
  return useMutation({
    mutationFn: async (format: CatalogueExportFormat) => {
      const { file, fileName } = await exportCatalogue(merchantApi(client), format);
      saveFile(file, fileName);
    },
  });
}

/** Checks an import file: what it would import, or its problems; changes nothing. */
export function useImportCheck() {
  const { client } = useVitrine();
  return useMutation({
    mutationFn: ({ file, format }: { file: File; format: ImportFormat }) =>
      sendCatalogueImport(merchantApi(client), file, { format, mode: 'preview' }),
  });
}

/** Imports a file, all of it or nothing; the product lists are read again after it. */
export function useCatalogueImport() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, format }: { file: File; format: ImportFormat }) =>
      sendCatalogueImport(merchantApi(client), file, { format, mode: 'import' }),
    onSuccess: () => refresh(queryClient),
  });
}
