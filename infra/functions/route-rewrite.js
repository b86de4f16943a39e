// CloudFront Function (runtime cloudfront-js-2.0) on the distribution's DEFAULT behaviour only (the
// S3 site bucket), associated with BOTH viewer-request and viewer-response.
//
// Why not CloudFront custom error responses: they are distribution-wide, so mapping 403/404 to
// /404.html would also rewrite the /api/* answers (a 403 from a failed OAC signature, a 404 from a
// handler) and the /quote-photos/* answers into the HTML not-found page. Instead this function knows
// the set of pre-rendered routes (inlined at synth from build/client, see infra/static-site.ts):
//
// viewer-request
//   /                      → /index.html
//   /alabama, /alabama/    → /alabama/index.html      (only if /alabama is a pre-rendered route)
//   /assets/x.js, /a.png   → unchanged                 (a missing file: S3 answers 404, see below)
//   /api/*, /quote-photos/*→ unchanged                 (never reach this behaviour; kept as a guard)
//   /__spa-fallback.html   → NOT_FOUND_KEY             (a build by-product, not a page)
//   anything else          → NOT_FOUND_KEY (/404.html)
// viewer-response
//   a response whose object carries the marker metadata (x-amz-meta-http-status: 404, set on
//   404.html by its BucketDeployment) gets status 404; the marker header is removed. The object is
//   cached at the edge as a normal 200 object; the status is set per response, so every unknown
//   path shares one cache entry. The request URI is checked as well (the rewritten or direct
//   /404.html), so the page is a 404 even if it was uploaded without the marker.
//
// The site bucket grants CloudFront s3:ListBucket, so a missing key with an extension is a real
// 404 from S3 (not the 403 S3 gives without it), and a 403 stays a 403: a genuine access problem
// is never disguised as "not found".
//
// Plain ES5 on purpose (cloudfront-js-2.0 supports more, but nothing more is needed). The two
// `var` lines below are rewritten at synth; keep their shape.

var ROUTES = {};
var NOT_FOUND_KEY = '/404.html';

var NOT_FOUND_MARKER = 'x-amz-meta-http-status';
// React Router's SPA fallback is a by-product of the build, not a page: the not-found page with
// status 404, as the local server answers it (scripts/local/static-site.ts).
var NOT_PAGES = ['/__spa-fallback.html'];
var PASS_THROUGH_PREFIXES = ['/api/', '/quote-photos/'];

function hasFileExtension(uri) {
  var lastSegment = uri.slice(uri.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

function rewriteRequest(request) {
  var uri = request.uri;
  for (var i = 0; i < PASS_THROUGH_PREFIXES.length; i++) {
    if (uri.indexOf(PASS_THROUGH_PREFIXES[i]) === 0) return request;
  }
  if (NOT_PAGES.indexOf(uri) !== -1) {
    request.uri = NOT_FOUND_KEY;
    return request;
  }
  if (hasFileExtension(uri)) return request;

  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (path === '' || path === '/') {
    request.uri = '/index.html';
  } else if (Object.prototype.hasOwnProperty.call(ROUTES, path)) {
    request.uri = path + '/index.html';
  } else {
    request.uri = NOT_FOUND_KEY;
  }
  return request;
}

function markNotFound(request, response) {
  var headers = response.headers || {};
  var marker = headers[NOT_FOUND_MARKER];
  if (marker) delete headers[NOT_FOUND_MARKER];
  var isNotFoundPage = (marker && marker.value === '404') || request.uri === NOT_FOUND_KEY;
  if (isNotFoundPage && response.statusCode === 200) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the entry point CloudFront calls
function handler(event) {
  if (event.context && event.context.eventType === 'viewer-response') {
    return markNotFound(event.request, event.response);
  }
  return rewriteRequest(event.request);
}
