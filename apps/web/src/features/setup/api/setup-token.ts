/**
 * The one-time setup token from the URL fragment (`/setup#token=XYZ`). The fragment never reaches the
 * server's logs or a Referer header, which is why the link carries it there and not in the query string.
 */
export function setupTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const token = params.get("token")?.trim();
  return token ? token : null;
}
