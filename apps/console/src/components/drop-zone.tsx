import { type ReactNode, useState } from 'react';

/**
 * A box that takes files dropped on it around the file button inside it (`children`), which is how
 * keyboards choose them; something dragged that is not files (a media card) is left alone.
 */
export function DropZone({ onFiles, testId, children }: { onFiles: (files: FileList) => void; testId: string; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds dragging to the file button inside it, which keyboards use
    <div
      className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
