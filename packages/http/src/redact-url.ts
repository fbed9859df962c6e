/**
 * A URL fit for reports and messages: user name, password, query and fragment removed (they may hold
 * credentials, e.g. `?key=…`), and a trailing `/` dropped. Text that is not an absolute URL becomes
 * `(invalid URL)`, so nothing unparsed leaks.
 *
 * @example
 * redactUrl('https://user:pw@api.example.com/v1?key=s3cret#x'); // 'https://api.example.com/v1'
 * redactUrl('not a url');                                       // '(invalid URL)'
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/$/u, '');
  } catch {
    return '(invalid URL)';
  }
}
