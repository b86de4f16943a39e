/**
 * The headers a browser sends with each presigned PUT of a photo or video (create-upload-urls
 * names their values). The bucket's CORS rule must allow exactly these, in AWS (infra) and in the
 * local stand-in (scripts/local); Content-Length is set by the browser and never preflighted.
 */
export const UPLOAD_HEADER_NAMES = ['content-type', 'cache-control', 'if-none-match'] as const;
