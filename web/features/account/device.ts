/**
 * A session's browser and system in a few words ("Chrome · Windows"), read from its user agent:
 * the raw string says little to a person, and a table of them does not fit the screen.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(CriOS|(Headless)?Chrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: Array<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome · Linux"; one of the two when only one is known; an unknown client by its first word (e.g. "curl/8.5.0"). */
export function deviceOf(userAgent: string): string {
  const known = [first(BROWSERS, userAgent), first(SYSTEMS, userAgent)].filter(Boolean);
  if (known.length > 0) return known.join(' · ');
  return userAgent.trim().split(/\s+/)[0]?.slice(0, 40) || '—';
}
