/** Accepted by the pickers and the upload-URL function, with the extension each is stored under. */
export const PHOTO_CONTENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/gif': 'gif',
} as const;

export const VIDEO_CONTENT_TYPES = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
} as const;

export type PhotoContentType = keyof typeof PHOTO_CONTENT_TYPES;
export type VideoContentType = keyof typeof VIDEO_CONTENT_TYPES;
export type MediaContentType = PhotoContentType | VideoContentType;

export function isPhotoContentType(value: string): value is PhotoContentType {
  return Object.hasOwn(PHOTO_CONTENT_TYPES, value);
}

export function isVideoContentType(value: string): value is VideoContentType {
  return Object.hasOwn(VIDEO_CONTENT_TYPES, value);
}

export function extensionFor(contentType: MediaContentType): string {
  return isPhotoContentType(contentType)
    ? PHOTO_CONTENT_TYPES[contentType]
    : VIDEO_CONTENT_TYPES[contentType];
}

/** How a content type is named to the visitor ('Photo 2 is not a real JPEG image file'). */
export const MEDIA_TYPE_NAMES: Record<MediaContentType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC image',
  'image/heif': 'HEIF image',
  'image/gif': 'GIF image',
  'video/mp4': 'MP4 video',
  'video/quicktime': 'MOV video',
  'video/webm': 'WebM video',
};
