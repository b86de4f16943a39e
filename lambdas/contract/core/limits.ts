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
  // Phone photos are 3-12 MB (sent as is when undecodable), 30 s of 1080p video 60-130 MB.
  photoMaxBytes: 15 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
  photoCacheControlSeconds: 3600,
  uploadUrlExpirySeconds: 300,
  requestBodyMaxBytes: 64 * 1024,
  mediaUrlMaxLength: 2048,
} as const;
