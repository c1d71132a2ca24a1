import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CachedAnswer, preferredEncoding } from '../lib/response-cache';
import { sendAnswer } from './catalogue-cache';

/** Markup for the home page's `<head>`, and a key that changes whenever the markup does. */
export interface DocumentHead {
  key: string;
  html: string;
}

// Where index.html wants it (apps/web/index.html); before `</head>` if a build lacks the mark.
const MARK = '<!--pasal:document-head-->';

interface Composed {
  fileKey: string;
  headKey: string;
  answer: CachedAnswer;
}

/**
 * The storefront's index.html with the home page's head part written in (decision 032). Composed,
 * ETagged and compressed once per version of the file and of the head part, so serving it costs
 * about what serving the file does. The file is looked up on each request, as the static files are,
 * so a rebuilt storefront is served without a restart.
 */
export class HomeDocument {
  private composed: Composed | undefined;

  constructor(
    private readonly webDist: string,
    private readonly head: () => Promise<DocumentHead>,
  ) {}

  /** Sends the document; false when the head part could not be had (the caller sends the plain file). */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const file = join(this.webDist, 'index.html');
    let head: DocumentHead;
    try {
      head = await this.head();
    } catch (err) {
      request.log.warn({ err }, 'the home page went out without its banners (the page asks for them)');
      return false;
    }
    const info = await stat(file);
    const fileKey = `${info.mtimeMs}:${info.size}`;
    let composed = this.composed;
    if (composed?.fileKey !== fileKey || composed.headKey !== head.key) {
      const html = await readFile(file, 'utf8');
      const at = html.includes(MARK) ? MARK : '</head>';
      // A function, so `$'`, `$&`… in a banner's title are text, not replacement patterns.
      const body = html.replace(at, () => (at === MARK ? head.html : `  ${head.html}\n  </head>`));
      composed = {
        fileKey,
        headKey: head.key,
        answer: new CachedAnswer(Buffer.from(body), Date.now(), () => {}),
      };
      this.composed = composed;
    }
    const { answer } = composed;
    const encoded = await answer.encoded(preferredEncoding(request.headers['accept-encoding']));
    sendAnswer(request, reply, answer, encoded, {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
    });
    return true;
  }
}
