import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * How the stand-in answers a chat completion:
 * - good: valid structured output for every requested platform and variant
 * - oversized: valid JSON whose results break platform limits (long titles, too many hashtags)
 * - malformed: text that is not JSON; wrong-shape: JSON missing required fields
 * - slow: answers only after `slowMs` (longer than the client's timeout)
 * - error500: HTTP 500 with an OpenAI-style error body
 */
export type OpenAiAnswer = 'good' | 'oversized' | 'malformed' | 'wrong-shape' | 'slow' | 'error500';

/** What the stand-in's captions say when it was shown a usable photo (tests and browser journeys look for it). */
export const standInSeenPhrase = 'in the photo I see a red satin robe';

/** The largest side a photo sent by the provider may have (apps/api/src/adapters/image/vision-copy.ts). */
const maxImageSide = 768;

export type ContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: string } };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string | ContentPart[] }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema?: unknown } };
  };
  /** Every image part of the user message, as the stand-in decoded it. */
  images: ReceivedImage[];
}

/** An image part as received: what sharp read from it, or why it could not be read. */
export interface ReceivedImage {
  url: string;
  detail: string | undefined;
  format: string | null;
  width: number | null;
  height: number | null;
  hasExif: boolean;
  /** Null when it is a JPEG data URL of at most 768 px a side without EXIF: what the provider must send. */
  problem: string | null;
}

/** The user message's text, whether it came as a string or as content parts. */
export function userText(body: RecordedRequest['body']): string {
  const content = body.messages?.findLast((message) => message.role === 'user')?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

async function receivedImages(body: RecordedRequest['body']): Promise<ReceivedImage[]> {
  const content = body.messages?.findLast((message) => message.role === 'user')?.content;
  if (typeof content === 'string' || !content) return [];
  const parts = content.filter((part) => part.type === 'image_url');
  return Promise.all(parts.map((part) => inspectImage(part.image_url.url, part.image_url.detail)));
}

async function inspectImage(url: string, detail: string | undefined): Promise<ReceivedImage> {
  const received = { url, detail, format: null, width: null, height: null, hasExif: false };
  const prefix = 'data:image/jpeg;base64,';
  if (!url.startsWith(prefix)) return { ...received, problem: 'not a data:image/jpeg;base64 URL' };
  try {
    const meta = await sharp(Buffer.from(url.slice(prefix.length), 'base64')).metadata();
    const seen = {
      ...received,
      format: meta.format ?? null,
      width: meta.width ?? null,
      height: meta.height ?? null,
      hasExif: meta.exif !== undefined,
    };
    const problem =
      meta.format !== 'jpeg'
        ? `a ${meta.format} image labelled JPEG`
        : (meta.width ?? 0) > maxImageSide || (meta.height ?? 0) > maxImageSide
          ? `${meta.width}×${meta.height} is larger than ${maxImageSide} px`
          : seen.hasExif
            ? 'it still carries EXIF metadata'
            : null;
    return { ...seen, problem };
  } catch {
    return { ...received, problem: 'the data is not a readable image' };
  }
}

interface Task {
  platforms: string[];
  variantsPerPlatform: number;
  subreddit: { name: string } | null;
}

/**
 * A real HTTP server on 127.0.0.1 speaking OpenAI's POST /v1/chat/completions, for the real
 * `openai` client. It reads the task from the user message (JSON, as the provider sends it) and
 * answers as `mode` says, or as queued with answerNext(); it records every request. An image part
 * must be a JPEG data URL of at most 768 px a side without EXIF (else 400, as vision endpoints
 * refuse what they cannot use); then every caption says `standInSeenPhrase`.
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
    const images = await receivedImages(body);
    this.requests.push({ path, authorization: request.headers.authorization, body, images });

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
    // A real vision endpoint refuses an image it cannot use; the provider must then fall back.
    const unusable = images.find((image) => image.problem);
    if (unusable)
      return json(400, {
        error: { message: `Invalid image: ${unusable.problem}`, type: 'invalid_request_error' },
      });
    const seen = images.length > 0;
    const answer = this.queued.shift() ?? this.mode;
    if (answer === 'error500')
      return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
    if (answer === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, this.slowMs));
      return json(200, this.completion(body.model, JSON.stringify(this.results(taskOf(body), false, seen))));
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
      this.completion(body.model, JSON.stringify(this.results(taskOf(body), answer === 'oversized', seen))),
    );
  }

  private results(task: Task, oversized: boolean, seen: boolean) {
    const results = task.platforms.flatMap((platform) =>
      Array.from({ length: task.variantsPerPlatform }, (_, index) => {
        const n = index + 1;
        const long = 'Really long words go on and on. '.repeat(40);
        return {
          platform,
          titles: oversized
            ? [`${long}title ${n}`, `Alternative ${n}`]
            : [
                seen
                  ? `Stand-in ${platform} title ${n}: ${standInSeenPhrase}`
                  : `Stand-in ${platform} title ${n}`,
                `Stand-in alternative ${n}`,
              ],
          body: oversized
            ? `${long}caption ${n}`
            : seen
              ? `Stand-in ${platform} caption number ${n}: ${standInSeenPhrase}.`
              : `Stand-in ${platform} caption number ${n}.`,
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
  const task = JSON.parse(userText(body) || '{}') as Partial<Task>;
  return {
    platforms: task.platforms ?? ['reddit'],
    variantsPerPlatform: task.variantsPerPlatform ?? 1,
    subreddit: task.subreddit ?? null,
  };
}
