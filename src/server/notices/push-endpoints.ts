/**
 * The push services the browsers our families use subscribe to (decision 050):
 * Chrome, Samsung Internet, Opera and Edge on Android use Google's; Firefox,
 * Mozilla's; Safari on an iPhone, Apple's; Edge on Windows, Microsoft's. The
 * server posts nowhere else, so a subscription cannot turn it against an
 * address of the host's own network.
 */
const KNOWN_HOSTS = [/^fcm\.googleapis\.com$/, /^(updates\.)?push\.services\.mozilla\.com$/, /^web\.push\.apple\.com$/];
const KNOWN_SUFFIXES = [".push.apple.com", ".notify.windows.com"];

/** Whether the server may post to this endpoint: a known push service over HTTPS, or an origin the host added. */
export function endpointAllowed(endpoint: string, extraOrigins: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_HOSTS.some((h) => h.test(host)) || KNOWN_SUFFIXES.some((s) => host.endsWith(s));
}
