/**
 * The frame of the stand-in's hosted pages (card entry, authentication, onboarding): plain HTML
 * forms that work without JavaScript, labelled fields, a visible focus ring, text at 4.5:1 or
 * more, 44 px targets, one column that fits a 390 px phone.
 */
import type { ServerResponse } from 'node:http';

export const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1d29;background:#f4f6f8}
.test-mode{margin:0;background:#ffe08a;color:#3d2e00;text-align:center;font-weight:600;font-size:.875rem;padding:.375rem 1rem}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.panel{background:#fff;border:1px solid #c9d1da;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 .5rem}
p{margin:.5rem 0}
label{display:block;font-weight:600;margin-top:1rem}
.hint{display:block;color:#485060;font-size:.875rem;font-weight:400}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;margin-top:.25rem;color:inherit;background:#fff;border:1px solid #687387;border-radius:.375rem}
input[aria-invalid=true]{border:2px solid #b42318}
.row{display:flex;flex-wrap:wrap;gap:0 1rem}
.row>div{flex:1 1 8rem}
.error{color:#b42318;font-size:.9375rem;margin:.25rem 0 0}
.alert{margin:1rem 0;padding:.75rem;border:2px solid #b42318;border-radius:.375rem;background:#fef3f2;color:#7a271a}
button{display:block;width:100%;min-height:2.75rem;margin-top:1.25rem;padding:.5rem 1rem;font:inherit;font-weight:600;color:#fff;background:#4338ca;border:2px solid #4338ca;border-radius:.375rem;cursor:pointer}
button.secondary{color:#3730a3;background:#fff}
a{color:#3730a3}
.back{display:inline-block;margin-top:1.25rem;padding:.5rem 0}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
details{margin-top:1.5rem}
summary{cursor:pointer;padding:.5rem 0}
ul{padding-left:1.25rem}
code{font-size:.9375rem}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="test-mode">Test mode: the local Stripe stand-in</p>
<main>
<div class="panel">
${body}
</div>
</main>
</body>
</html>`;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function field(options: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value?: string;
  autocomplete: string;
  inputmode?: 'numeric' | 'text';
  autofocus?: boolean;
}): string {
  const { name, error } = options;
  const described = [options.hint ? `${name}-hint` : '', error ? `${name}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${name}">${escapeHtml(options.label)}${
    options.hint ? ` <span class="hint" id="${name}-hint">${escapeHtml(options.hint)}</span>` : ''
  }</label>
<input id="${name}" name="${name}" type="text" value="${escapeHtml(options.value)}" autocomplete="${options.autocomplete}"${
    options.inputmode ? ` inputmode="${options.inputmode}"` : ''
  } required${described ? ` aria-describedby="${described}"` : ''}${
    error ? ' aria-invalid="true"' : ''
  }${options.autofocus ? ' autofocus' : ''}>${
    error ? `\n<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''
  }`;
}

export const alert = (message: string | undefined) =>
  message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, status: 302 | 303, location: string): void {
  res.writeHead(status, { location, 'cache-control': 'no-store' });
  res.end();
}
