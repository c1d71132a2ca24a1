import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CachedAnswer, preferredEncoding } from '../lib/response-cache';
import { sendAnswer } from './catalogue-cache';

/**
 * Markup for a page's `<head>`, and a key that changes whenever the markup does; `shell`, markup
 * for the shell the page shows until its scripts have run.
 */
export interface DocumentHead {
  key: string;
  html: string;
  shell?: string;
}

// Where index.html wants it (apps/web/index.html); before `</head>` if a build lacks the mark.
const MARK = '<!--pasal:document-head-->';
// Where the shell's part goes (inside #root, which the app replaces whole); left out without it.
const SHELL_MARK = '<!--pasal:document-shell-->';

// Composed documents kept (the home page, and the product pages visited most lately).
const KEPT = 512;

/**
 * The storefront's index.html with a page's head part written in (decisions 032 and 063: the home
 * page's banners, a product page's product). Composed, ETagged and compressed once per version of
 * the file and of the head part, so serving it costs about what serving the file does. The file is
 * looked up on each request, as the static files are, so a rebuilt storefront is served without a
 * restart.
 */
export class HeadedDocument {
  private fileKey = '';
  private composed = new Map<string, CachedAnswer>();

  constructor(private readonly webDist: string) {}

  /**
   * Sends the document with the head part; false when there is none (`head` answered undefined or
   * failed): the caller then sends the plain file, and the page asks for its data itself.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    head: () => Promise<DocumentHead | undefined>,
  ): Promise<boolean> {
    const file = join(this.webDist, 'index.html');
    let part: DocumentHead | undefined;
    try {
      part = await head();
    } catch (err) {
      request.log.warn({ err }, 'a page went out without its data (the page asks for it)');
      return false;
    }
    if (!part) return false;
    const info = await stat(file);
    const fileKey = `${info.mtimeMs}:${info.size}`;
    if (fileKey !== this.fileKey) {
      this.composed.clear();
      this.fileKey = fileKey;
    }
    let answer = this.composed.get(part.key);
    if (answer) {
      // Most lately used last, so the oldest is the first to go.
      this.composed.delete(part.key);
    } else {
      const html = await readFile(file, 'utf8');
      const at = html.includes(MARK) ? MARK : '</head>';
      const written = part.html;
      // A function, so `$'`, `$&`… in a title are text, not replacement patterns.
      let body = html.replace(at, () => (at === MARK ? written : `  ${written}\n  </head>`));
      const shell = part.shell;
      if (shell) body = body.replace(SHELL_MARK, () => shell);
      answer = new CachedAnswer(Buffer.from(body), Date.now(), () => {});
      if (this.composed.size >= KEPT) this.composed.delete(this.composed.keys().next().value as string);
    }
    this.composed.set(part.key, answer);
    const encoded = await answer.encoded(preferredEncoding(request.headers['accept-encoding']));
    sendAnswer(request, reply, answer, encoded, {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
    });
    return true;
  }
}
