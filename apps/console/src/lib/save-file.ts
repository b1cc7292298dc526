/** Hands a file the console made or fetched to the browser as a download named `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by now; the object URL would otherwise hold it until the page goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
