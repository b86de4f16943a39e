import sharp from 'sharp';

/** Where a phone camera says it was: GPS tags as a camera writes them (sharp's IFD3). */
export const CAMERA_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '33/1 26/1 5400/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '112/1 4/1 2400/100',
};

/**
 * A JPEG of the given size with a gradient and a label, like a (small) photo of a junk pile;
 * with `gps`, carrying the camera's EXIF make and GPS position, as phone photos do.
 */
export async function makePhoto(
  name: string,
  { width = 800, height = 600, hue = 30, gps = false } = {},
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,40%)"/><stop offset="1" stop-color="hsl(${hue + 90},60%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#fff">${name}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  if (gps) image.withExif({ IFD0: { Make: 'PhoneCam', Model: 'Junk 12' }, IFD3: CAMERA_GPS });
  const buffer = await image.jpeg({ quality: 80 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export async function makePhotos(count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => makePhoto(`photo-${i + 1}.jpg`, { hue: i * 35 })),
  );
}
