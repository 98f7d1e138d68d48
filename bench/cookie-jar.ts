/** The cookies a browser holds for one site, updated from responses as a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Applies a response's Set-Cookie lines: an empty value, Max-Age=0 or a past Expires removes the cookie. */
  update(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || attributes.some(isExpiry)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

function isExpiry(attribute: string): boolean {
  const [key = "", value = ""] = attribute.split("=").map((part) => part.trim());
  if (/^max-age$/i.test(key)) return Number(value) <= 0;
  if (/^expires$/i.test(key)) return Date.parse(value) <= Date.now();
  return false;
}
