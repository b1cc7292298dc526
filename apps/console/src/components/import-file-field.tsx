import { type DragEvent, useId, useState } from 'react';

/** The files an import reads: CSV (Vitrine, Shopify, Wix Stores) and Vitrine's JSON. */
const ACCEPTED = '.csv,.json,text/csv,application/json';

/** The import file: chosen with the file button (keyboard) or dropped on the zone around it. */
export function ImportFileField({ file, onFile }: { file: File | undefined; onFile: (file: File) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds dragging to the file button inside it, which keyboards use
    <div
      className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="import-drop-zone"
    >
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
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = '';
        }}
      />
      <p id={`${id}-chosen`} className="import-file__chosen" aria-live="polite">
        {file ? `Chosen: ${file.name} (${sizeText(file.size)})` : 'No file chosen'}
      </p>
    </div>
  );
}

/** A file's size in bytes, kB or MB. */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  return bytes < 1_000_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}
