import { useId } from 'react';
import { DropZone } from './drop-zone.js';

/** The files an import reads: CSV (Vitrine, Shopify, Wix Stores) and Vitrine's JSON. */
const ACCEPTED = '.csv,.json,text/csv,application/json';

/** The import file: chosen with the file button (keyboard) or dropped on the zone around it. */
export function ImportFileField({ file, onFile }: { file: File | undefined; onFile: (file: File) => void }) {
  const id = useId();
  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) onFile(chosen);
  };
  return (
    <DropZone onFiles={take} testId="import-drop-zone">
      <p>Drop a CSV or JSON file here, or</p>
      <label className="button" htmlFor={`${id}-file`}>
        Choose a file…
      </label>
      <input
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED}
        aria-describedby={`${id}-chosen`}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <p id={`${id}-chosen`} className="import-file__chosen" aria-live="polite">
        {file ? `Chosen: ${file.name} (${sizeText(file.size)})` : 'No file chosen'}
      </p>
    </DropZone>
  );
}

/** A file's size in bytes, kB or MB. */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  return bytes < 1_000_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}
