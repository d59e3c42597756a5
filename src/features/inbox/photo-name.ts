/**
 * A photo taken for the inbox is named after when it was taken (« Photo du 28-11-2026 à 14h05.jpg »):
 * phones call every capture « image.jpg » or a number, and the firm could not tell receipts apart.
 * The device's own clock and time zone, as the person taking it reads them.
 */
export function namePhotos(files: File[], at: Date): File[] {
  const two = (n: number) => String(n).padStart(2, '0');
  const stem =
    `Photo du ${two(at.getDate())}-${two(at.getMonth() + 1)}-${at.getFullYear()}` +
    ` à ${two(at.getHours())}h${two(at.getMinutes())}`;
  return files.map((file, i) => {
    const extension = /\.[a-z0-9]{2,5}$/i.exec(file.name)?.[0].toLowerCase() ?? EXTENSIONS[file.type] ?? '';
    const rank = files.length > 1 ? ` (${i + 1})` : '';
    return new File([file], `${stem}${rank}${extension}`, { type: file.type, lastModified: file.lastModified });
  });
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif' };
