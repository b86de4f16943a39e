import { describe, expect, it } from 'vitest';
import { requestPageHref } from './submitted';

describe('the request page link the form shows once sent', () => {
  it('keeps the request page’s path and its token, on the origin the form is on', () => {
    expect(requestPageHref('https://www.example.com/request#t=lead.abc.homeowner.view.x')).toBe(
      '/request#t=lead.abc.homeowner.view.x',
    );
  });

  it('shows nothing for a link to any other page, without a token, or that is no URL', () => {
    expect(requestPageHref('https://www.example.com/ops/quote#t=abc')).toBeUndefined();
    expect(requestPageHref('https://www.example.com/request')).toBeUndefined();
    expect(requestPageHref('javascript:alert(1)//request#t=x')).toBeUndefined();
    expect(requestPageHref('not a url')).toBeUndefined();
    expect(requestPageHref(undefined)).toBeUndefined();
  });
});
