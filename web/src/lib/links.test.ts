import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './links';

describe('safeHttpUrl', () => {
  it('keeps http and https addresses, normalised', () => {
    expect(safeHttpUrl('https://mayalind.example.com')).toBe('https://mayalind.example.com/');
    expect(safeHttpUrl('http://example.org/a?b=1#c')).toBe('http://example.org/a?b=1#c');
    expect(safeHttpUrl('  HTTPS://Example.com/Path  ')).toBe('https://example.com/Path');
  });

  it('refuses script and other non-web schemes, whatever their case or padding', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      '\tjava\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:someone@example.com',
      'ftp://example.com',
    ]) {
      expect(safeHttpUrl(text), text).toBeNull();
    }
  });

  it('refuses text that is not an absolute URL', () => {
    expect(safeHttpUrl('mysite.example.com')).toBeNull();
    expect(safeHttpUrl('/relative/path')).toBeNull();
    expect(safeHttpUrl('just some words')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
    expect(safeHttpUrl('   ')).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
