// The public API, called with the signed-in key. The key lives in this tab's sessionStorage only: it is
// never put in a cookie, so the server reads it from the Authorization header like any other client's.
const KEY = 'mediagate.key';
const ADMIN = 'mediagate.admin';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  isAdmin: () => sessionStorage.getItem(ADMIN) === '1',
  start(key, admin) {
    sessionStorage.setItem(KEY, key);
    sessionStorage.setItem(ADMIN, admin ? '1' : '0');
  },
  end() {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(ADMIN);
  },
};

/** A refused call: the API's status, code and message (the envelope's). */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.message || (body.error && body.error.message))) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.param = body && body.param;
  }
}

function authorized(headers, key) {
  const all = { ...headers };
  if (key) all.Authorization = `Bearer ${key}`;
  return all;
}

/** Calls the API; JSON in and out. {@code options.key} replaces the session's key (signing in). */
export async function api(method, path, body, options = {}) {
  const headers = authorized(options.headers || {}, options.key ?? session.key());
  const init = { method, headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const json = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

/** An answer's JSON body, or null when it has none or it is not JSON. */
async function readJson(response) {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const ENDS = new Set(['completed', 'failed', 'cancelled', 'error']);

/** One frame of an event stream as {id, event, data}; null for a comment (a keep-alive). */
function frame(text) {
  let id = null;
  let event = null;
  let data = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  return event ? { id, event, data: data ? JSON.parse(data) : {} } : null;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows an event stream of the API (a job's events, GET /v1/jobs/{id}/events) with the session's key: each event to
 * onEvent as {id, event, data} as it comes; when the connection drops before the end it is taken up again after the
 * last event received (Last-Event-ID). Resolves with the terminal event (completed, failed, cancelled, or an error).
 */
export async function follow(path, onEvent) {
  let last = null;
  for (let drops = 0; ; drops++) {
    const headers = authorized({ Accept: 'text/event-stream' }, session.key());
    if (last !== null) headers['Last-Event-ID'] = String(last);
    try {
      const response = await fetch(path, { headers });
      if (!response.ok) throw new ApiError(response.status, await readJson(response));
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const event = frame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (!event) continue;
          if (event.id !== null) last = event.id;
          onEvent(event);
          if (ENDS.has(event.event)) {
            reader.cancel();
            return event;
          }
        }
      }
    } catch (e) {
      if (e instanceof ApiError || drops >= 5) throw e;
    }
    await pause(1000);
  }
}

/** A file of the API (a job's preview still, a batch's output), fetched with the session's key, as a local address. */
export async function fileUrl(path) {
  const response = await fetch(path, { headers: authorized({}, session.key()) });
  if (!response.ok) throw new ApiError(response.status, await readJson(response));
  return URL.createObjectURL(await response.blob());
}

/** An image of the API (a job's preview still) as an address an <img> can show. */
export const imageUrl = fileUrl;

/** Query string from an object, leaving out empty values. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') q.set(name, value);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Headers a browser sets itself and refuses to take from a script. */
const FORBIDDEN = new Set(['content-length', 'host', 'connection', 'expect']);

/** PUTs a file to a signed address with the headers it was signed with, reporting progress (0..1). */
export function putWithProgress(url, file, headers, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers || {})) {
      if (!FORBIDDEN.has(name.toLowerCase())) xhr.setRequestHeader(name, Array.isArray(value) ? value.join(',') : value);
    }
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`the store answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('the upload could not reach the store'));
    xhr.send(file);
  });
}
