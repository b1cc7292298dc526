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
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
