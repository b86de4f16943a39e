/**
 * Phone photos are 3 to 12 MB; a hauler needs far less to quote. Photos longer than
 * MAX_PHOTO_EDGE_PX on their long side are scaled down and re-encoded as JPEG before upload.
 * Decoding with `imageOrientation: 'from-image'` applies the EXIF rotation, so the result stands
 * the right way up; re-encoding also drops EXIF metadata such as the camera's GPS position.
 */
export const MAX_PHOTO_EDGE_PX = 2048;
/** Plenty for a hauler to see what is in the pile; each step below 0.85 saves about 15% of bytes. */
const JPEG_QUALITY = 0.8;
/** A photo already small in pixels but heavy in bytes (e.g. a PNG screenshot) is re-encoded too. */
const REENCODE_ABOVE_BYTES = 1.5 * 1024 * 1024;

export function scaledSize(width: number, height: number, maxEdge = MAX_PHOTO_EDGE_PX) {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height };
  const scale = maxEdge / longEdge;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // JPEG has no transparency: paint white first so transparent PNG areas don't turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * The bytes to upload for a photo: a scaled-down JPEG, or the original file when it is already
 * small, animated (GIF), or in a format this browser cannot decode (HEIC outside Safari).
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (longEdge <= MAX_PHOTO_EDGE_PX && file.size <= REENCODE_ABOVE_BYTES) return file;
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const encoded = await encodeJpeg(bitmap, width, height);
    // Never send more bytes than the original when no scaling was needed.
    return longEdge <= MAX_PHOTO_EDGE_PX && encoded.size >= file.size ? file : encoded;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
