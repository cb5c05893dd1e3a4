import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stand-in answers a chat completion:
 * - good: valid structured output for every requested platform and variant
 * - oversized: valid JSON whose results break platform limits (long titles, too many hashtags)
 * - malformed: text that is not JSON; wrong-shape: JSON missing required fields
 * - slow: answers only after `slowMs` (longer than the client's timeout)
 * - error500: HTTP 500 with an OpenAI-style error body
 */
export type OpenAiAnswer = 'good' | 'oversized' | 'malformed' | 'wrong-shape' | 'slow' | 'error500';

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema?: unknown } };
  };
}

interface Task {
  platforms: string[];
  variantsPerPlatform: number;
  subreddit: { name: string } | null;
}

/**
 * A real HTTP server on 127.0.0.1 speaking OpenAI's POST /v1/chat/completions, for the real
 * `openai` client. It reads the task from the user message (JSON, as the provider sends it) and
 * answers as `mode` says, or as queued with answerNext(); it records every request.
 */
export class OpenAiStandIn {
  readonly apiKey = 'sk-stand-in-0123456789';
  readonly model = 'stand-in-model';
  mode: OpenAiAnswer = 'good';
  slowMs = 3_000;
  readonly requests: RecordedRequest[] = [];
  private readonly queued: OpenAiAnswer[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OpenAiStandIn> {
    const server = createServer();
    const standIn = new OpenAiStandIn(server);
    server.on('request', (request, response) => {
      standIn.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The next requests get these answers, in order; then `mode` again. */
  answerNext(...answers: OpenAiAnswer[]) {
    this.queued.push(...answers);
  }

  reset() {
    this.mode = 'good';
    this.queued.length = 0;
    this.requests.length = 0;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'])
      : {};
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    this.requests.push({ path, authorization: request.headers.authorization, body });

    const json = (status: number, payload: object) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      return json(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    }
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    }
    const answer = this.queued.shift() ?? this.mode;
    if (answer === 'error500')
      return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
    if (answer === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, this.slowMs));
      return json(200, this.completion(body.model, JSON.stringify(this.results(taskOf(body), false))));
    }
    if (answer === 'malformed')
      return json(200, this.completion(body.model, 'Sure! Here are some captions: ...'));
    if (answer === 'wrong-shape')
      return json(
        200,
        this.completion(body.model, JSON.stringify({ results: [{ platform: 'reddit', caption: 'x' }] })),
      );
    return json(
      200,
      this.completion(body.model, JSON.stringify(this.results(taskOf(body), answer === 'oversized'))),
    );
  }

  private results(task: Task, oversized: boolean) {
    const results = task.platforms.flatMap((platform) =>
      Array.from({ length: task.variantsPerPlatform }, (_, index) => {
        const n = index + 1;
        const long = 'Really long words go on and on. '.repeat(40);
        return {
          platform,
          titles: oversized
            ? [`${long}title ${n}`, `Alternative ${n}`]
            : [`Stand-in ${platform} title ${n}`, `Stand-in alternative ${n}`],
          body: oversized ? `${long}caption ${n}` : `Stand-in ${platform} caption number ${n}.`,
          photoInstructions: `Stand-in photo direction ${n}.`,
          hashtags:
            platform === 'reddit'
              ? []
              : oversized
                ? Array.from({ length: 40 }, (_, tag) => `tag${tag}x`)
                : ['standin', `variant${n}`],
          confidence: 0.9,
        };
      }),
    );
    return { results };
  }

  private completion(model: string | undefined, content: string) {
    return {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: model ?? this.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    };
  }
}

function taskOf(body: RecordedRequest['body']): Task {
  const user = body.messages?.findLast((message) => message.role === 'user');
  const task = JSON.parse(user?.content ?? '{}') as Partial<Task>;
  return {
    platforms: task.platforms ?? ['reddit'],
    variantsPerPlatform: task.variantsPerPlatform ?? 1,
    subreddit: task.subreddit ?? null,
  };
}
