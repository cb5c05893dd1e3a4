// Talks to the app over real HTTP as a browser does: keeps cookies, fetches a CSRF token once and
// sends it on state-changing calls. One keep-alive agent per client pool keeps connections warm.
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function httpRequest(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  timeoutMs = 30_000,
): Promise<HttpAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method, path: urlPath, headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'TIMEOUT' })),
    );
    req.on('error', reject);
    req.end(body);
  });
}

export class BrowserClient {
  private csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly agent: http.Agent,
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (cookies, CSRF token) talking to another address, e.g. the other process. */
  at(baseUrl: string): BrowserClient {
    const other = new BrowserClient(baseUrl, this.agent, this.cookies);
    other.csrfToken = this.csrfToken;
    return other;
  }

  get token() {
    return this.csrfToken;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetchCsrfToken() {
    const answer = await this.send('GET', '/api/csrf-token');
    if (answer.status !== 200)
      throw new Error(`GET /api/csrf-token: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    this.csrfToken = (JSON.parse(answer.body) as { csrfToken: string }).csrfToken;
    return this.csrfToken;
  }

  /** Forgets the CSRF token (not the cookie), e.g. after a 403 to fetch a fresh one. */
  dropCsrfToken() {
    this.csrfToken = undefined;
  }

  async send(
    method: string,
    urlPath: string,
    options: {
      json?: unknown;
      body?: Buffer;
      contentType?: string;
      headers?: Record<string, string>;
      timeoutMs?: number;
    } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { 'user-agent': 'load-bench/1.0', ...options.headers };
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method))
      headers['x-csrf-token'] ??= this.csrfToken ?? (await this.fetchCsrfToken());
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.contentType) headers['content-type'] = options.contentType;
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const answer = await httpRequest(
      this.agent,
      this.baseUrl,
      method,
      urlPath,
      headers,
      body,
      options.timeoutMs,
    );
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipartImage(filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = `----load-bench-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
