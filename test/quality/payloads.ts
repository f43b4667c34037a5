/** Every way we know of to leave the origin through a redirect parameter. */
export const HOSTILE_REDIRECTS: readonly string[] = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\tevil.example',
  '/\n/evil.example',
  ' //evil.example',
  'evil.example',
  '',
  '/..//evil.example/',
  '/.//evil.example',
  '/no/../..//evil.example/x',
  '/%2e%2e//evil.example/',
  '/%2E/%2E%2E//evil.example',
  '/./\\evil.example',
]

/** Request paths (after a site prefix) that a link built from the path must not turn into another host. */
export const HOSTILE_PATHS: readonly string[] = [
  '//evil.example/x',
  '/\\evil.example',
  '//evil.example/',
  '///evil.example/x',
  '/..//evil.example/',
  '/./\\/evil.example/x',
  '/%2F%2Fevil.example/x',
  '/%5Cevil.example',
]

/** Markup that must come back escaped wherever a page shows what a visitor typed. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert("xss")</script>',
  '"onmouseover="alert(1)',
  "'><img src=x onerror=alert(1)>",
  '</script><script>alert(1)</script>',
]

/** Raw markers that must never appear unescaped in HTML when the payloads above were sent. */
export const XSS_MARKERS: readonly string[] = [
  '<script>alert',
  '"onmouseover="alert',
  '<img src=x onerror',
  '</script><script>',
]

/** Strings that break naive code: control characters, bidi overrides, combining marks, emoji, BOM. */
export const ODD_STRINGS: readonly string[] = [
  '\u0000',
  '\u202eevil',
  'Z\u0364\u0351\u0313a\u0308\u0316\u032d',
  '👩‍👩‍👧‍👦🚗',
  '\ufeff',
  '\ud800',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮',
  'ﷺ',
  '%00%ff',
  '../../etc/passwd',
  "' OR 1=1 --",
]
