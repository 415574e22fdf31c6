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
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

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
