export const LIMITS = {
  name: { min: 2, max: 100 },
  phone: { min: 10, max: 20 },
  email: { max: 255 },
  city: { min: 2, max: 100 },
  state: { min: 2, max: 50 },
  zipCode: { min: 5, max: 10 },
  description: { min: 10, max: 1000 },
  photos: { min: 2, max: 10 },
  videoMaxSeconds: 30,
  // Phone originals are 3-12 MB, and one the browser cannot decode is sent as is.
  photoMaxBytes: 15 * 1024 * 1024,
  // 30 seconds of 1080p phone video is roughly 60-130 MB.
  videoMaxBytes: 200 * 1024 * 1024,
  photoCacheControlSeconds: 3600,
  // Long enough for a slow mobile upload to start; a leaked URL is soon useless.
  uploadUrlExpirySeconds: 300,
  // Our bodies are a few KB at most; anything larger is not from our form.
  requestBodyMaxBytes: 64 * 1024,
  // A public media URL is about 120 characters; this only bounds garbage.
  mediaUrlMaxLength: 2048,
} as const;
