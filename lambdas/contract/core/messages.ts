import { LIMITS } from './limits';
import { MEDIA_TYPE_NAMES } from '../booking/media-types';
import type { MediaContentType } from '../booking/media-types';

const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

// The spec's texts are copied letter for letter (the ’ in successText too); it has no
// maximum-length, invisible-character or video-upload messages, so those are ours.
export const MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: `Name must be at most ${LIMITS.name.max} characters`,
  phoneInvalid: 'Please enter a valid phone number',
  phoneTooLong: `Phone number must be at most ${LIMITS.phone.max} characters`,
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${LIMITS.email.max} characters`,
  cityRequired: 'Please enter your city',
  cityTooLong: `City must be at most ${LIMITS.city.max} characters`,
  stateRequired: 'Please enter your state',
  stateTooLong: `State must be at most ${LIMITS.state.max} characters`,
  zipCodeInvalid: 'Please enter a valid zip code',
  zipCodeTooLong: `Zip code must be at most ${LIMITS.zipCode.max} characters`,
  descriptionTooShort: 'Please provide more details about your trash',
  descriptionTooLong: `Description must be at most ${LIMITS.description.max} characters`,
  invisibleCharacters: (field: string): string =>
    `${field} must not contain control or invisible characters`,

  tooManyPhotos: 'You can upload a maximum of 10 photos',
  videoTooLong: 'Video must be 30 seconds or less',
  videoUnreadable: "We couldn't read this video's length. Please choose an MP4, MOV or WebM file.",
  mediaRequired: 'Please upload at least 2 photos or a video',
  photosOrVideo: 'Please upload either photos or a video, not both',
  photoNotImage: 'Photos must be JPEG, PNG, WebP, HEIC, HEIF or GIF images',
  videoNotVideo: 'The video must be an MP4, MOV or WebM file',
  duplicatePhoto: 'Each photo can only be added once',
  photoCountMismatch: 'photoCount must equal the number of photoUrls',
  hasVideoMismatch: 'hasVideo must be true exactly when a videoUrl is sent',
  mediaUrlInvalid: 'Media links must be valid http(s) URLs',
  photoTooLarge: (n: number): string =>
    `Photo ${n} is too large (maximum ${megabytes(LIMITS.photoMaxBytes)} MB)`,
  videoTooLarge: `The video is too large (maximum ${megabytes(LIMITS.videoMaxBytes)} MB)`,
  fileSizeInvalid: 'File size must be a positive whole number of bytes',
  fileKindInvalid: 'File kind must be "photo" or "video"',
  noFiles: 'Add at least one file to upload',
  submissionIdInvalid: 'submissionId must be a UUID',
  honeypotFilled: 'This field must be left empty',
  bodyNotObject: 'The request body must be a JSON object',
  unknownFields: (keys: readonly string[]): string => `Unknown field: ${keys.join(', ')}`,

  submitFailed: "We couldn't submit your request. Please try again.",
  unexpected: 'Something went wrong. Please try again.',
  emailFailed:
    'We received your request but could not send the confirmation email. Please try again.',
  notifyFailed:
    'We received your request but could not pass it on to our team yet. Please try again.',
  uploadFailed: (n: number, reason: string): string => `Failed to upload photo ${n}: ${reason}`,
  uploadBatchUsed:
    'This request already has its upload links. Please reload the page and send your request again.',
  // `label` is 'Photo 2' or 'The video'.
  mediaNotUploaded: (label: string): string =>
    `${label} is not a file uploaded with this request. Please upload it again.`,
  mediaNotFound: (label: string): string => `${label} was not found. Please upload it again.`,
  mediaContentMismatch: (label: string, contentType: string): string =>
    `${label} is not a real ${MEDIA_TYPE_NAMES[contentType as MediaContentType] ?? 'photo or video'} file. Please choose another ${label.startsWith('Photo') ? 'photo' : 'video'}.`,
  videoUploadFailed: (reason: string): string => `Failed to upload the video: ${reason}`,

  successTitle: 'Quote Request Submitted',
  successText: 'Check your email for confirmation. We’ll connect you with a local hauler shortly.',
  successButton: 'Got it',
  // Where the form was, once sent (issue 40): the reference and the way to the request page.
  submittedHeading: 'Your request is in',
  submittedReference: 'Your reference is',
  submittedView: 'View your request',
  submittedViewNote: 'Your request page shows each quote as it comes, and you accept one there.',
  submittedNoLink: 'The link to your request page is in the confirmation email.',
  submittedAnother: 'Send another request',
  failureTitle: 'Submission Failed',
  failureButton: 'Try Again',
} as const;
