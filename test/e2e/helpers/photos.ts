import sharp from 'sharp';

/** A JPEG of the given size with a gradient and a label, like a (small) photo of a junk pile. */
export async function makePhoto(
  name: string,
  { width = 800, height = 600, hue = 30 } = {},
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,40%)"/><stop offset="1" stop-color="hsl(${hue + 90},60%,60%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#fff">${name}</text></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

export async function makePhotos(count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => makePhoto(`photo-${i + 1}.jpg`, { hue: i * 35 })),
  );
}
