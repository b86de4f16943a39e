/**
 * Phone photos are 3 to 12 MB; a hauler needs far less to quote (docs/decisions/022-photo-encoding.md).
 * Every photo the browser can decode is drawn onto a canvas, at most MAX_PHOTO_EDGE_PX on its long
 * side, and encoded afresh: WebP where the browser encodes it, JPEG otherwise. A canvas encoder
 * writes pixels only, so no photo keeps its EXIF metadata (the camera's GPS position, its serial
 * number, the time it was taken). Decoding with `imageOrientation: 'from-image'` applies the EXIF
 * rotation first, so the result still stands the right way up.
 */
export const MAX_PHOTO_EDGE_PX = 1280;
/**
 * Chosen by measurement (docs/decisions/022-photo-encoding.md): on a real photo WebP at 0.7 is
 * about a quarter smaller than JPEG at 0.75 and still shows what is in the pile and its state.
 */
export const WEBP_QUALITY = 0.7;
export const JPEG_QUALITY = 0.75;

type Encoding = { type: 'image/webp' | 'image/jpeg'; quality: number };
/** In order of preference; a browser that cannot encode a type answers with PNG instead. */
const ENCODINGS: readonly Encoding[] = [
  { type: 'image/webp', quality: WEBP_QUALITY },
  { type: 'image/jpeg', quality: JPEG_QUALITY },
];

export function scaledSize(width: number, height: number, maxEdge = MAX_PHOTO_EDGE_PX) {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height };
  const scale = maxEdge / longEdge;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

type Canvas = {
  encode: (encoding: Encoding) => Promise<Blob | null>;
};

function drawOnCanvas(bitmap: ImageBitmap, width: number, height: number): Canvas {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null) => {
    if (!context) throw new Error('no 2d context');
    // Neither format keeps transparency here: paint white first so transparent PNG areas don't
    // turn black in the JPEG fallback.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'));
    return { encode: (encoding) => canvas.convertToBlob(encoding) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext('2d'));
  return {
    encode: (encoding) =>
      new Promise((resolve) => canvas.toBlob(resolve, encoding.type, encoding.quality)),
  };
}

/** The first encoding this browser really produces (it falls back to PNG for unknown types). */
async function encode(canvas: Canvas): Promise<Blob | null> {
  for (const encoding of ENCODINGS) {
    try {
      const blob = await canvas.encode(encoding);
      if (blob?.type === encoding.type) return blob;
    } catch {
      // Try the next encoding.
    }
  }
  return null;
}

/**
 * The bytes to upload for a photo: the photo re-encoded without metadata, at most
 * MAX_PHOTO_EDGE_PX long.
 * Only a file this browser cannot decode (HEIC outside Safari) or encode is sent as it is; the
 * upload function still checks its type.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    return (await encode(drawOnCanvas(bitmap, width, height))) ?? file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
