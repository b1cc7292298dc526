/**
 * Issue #18: requests Node's HTTP parser refuses before Fastify sees them (bad header bytes, headers
 * over the size limit, a malformed request line) are answered in the wire error form, with a
 * request id in the header and the body, like every other error. Sent over raw sockets: no HTTP
 * client would send them.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();

/** Writes `raw` to the server and reads until it closes the connection. */
function rawExchange(raw: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(raw, 'latin1'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The status line, headers and JSON body of a raw answer. */
function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe("Node's own client errors (#18)", () => {
  it.each([
    ['a control byte in a header value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a malformed request line', 'GET /healthz HTTP/9\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'headers over the size limit',
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'REQUEST_HEADER_FIELDS_TOO_LARGE',
    ],
  ])('answers %s in the wire form with a request id', async (_case, raw, status, code) => {
    const answer = parse(await rawExchange(raw));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const requestId = answer.headers['x-wix-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toEqual({
      message: expect.any(String),
      details: { applicationError: { description: expect.any(String), code, data: { requestId } } },
    });
  });

  it('keeps serving after them', async () => {
    await rawExchange('GET /healthz HTTP/9\r\n\r\n');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
