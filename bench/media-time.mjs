// Media time as a caller feels it: N video jobs at once, each followed through its event stream, its webhook
// received by a server of our own; then N streamed image jobs with partial images. Run by bench/media-time.sh,
// which starts the suite and passes MEDIAGATE_URL and KEY. Prints one block per batch: p50 and p99 over its jobs.
import http from 'node:http';

const BASE = process.env.MEDIAGATE_URL;
const KEY = process.env.KEY;
const AUTH = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
const VIDEO_SIZE = process.env.VIDEO_SIZE || '1080p';
const VIDEO_SECONDS = Number(process.env.VIDEO_SECONDS || 10);

/** Reads a text/event-stream answer, calling onEvent({event, id, data}) per event; resolves when it ends. */
async function readEvents(res, onEvent) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = { event: 'message', id: null, data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') event.data += value;
      }
      if (event.data) onEvent(event);
    }
  }
}

/** Webhook arrivals by job id: the time (ms) each generation.completed/failed came in. */
function webhookReceiver() {
  const arrived = new Map();
  const waiting = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      const now = Date.now();
      try {
        const message = JSON.parse(body);
        const jobId = message.data && message.data.job_id;
        if (jobId && !arrived.has(jobId)) {
          arrived.set(jobId, { at: now, type: message.type });
          (waiting.get(jobId) || (() => {}))();
        }
      } catch {
        // not ours
      }
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrival(jobId, timeoutMs) {
      if (arrived.has(jobId)) return Promise.resolve(arrived.get(jobId));
      return new Promise((done) => {
        const timer = setTimeout(() => done(null), timeoutMs);
        waiting.set(jobId, () => { clearTimeout(timer); done(arrived.get(jobId)); });
      });
    },
    close() { server.close(); },
  })));
}

async function videoJob(i, hook) {
  const start = Date.now();
  const res = await fetch(`${BASE}/v1/videos/generations`, {
    method: 'POST', headers: { ...AUTH, Prefer: 'respond-async' },
    body: JSON.stringify({ model: 'local/motion', prompt: `media time ${i}`, size: VIDEO_SIZE, duration: VIDEO_SECONDS,
      webhook_url: hook.url }),
  });
  const accepted = Date.now();
  const body = await res.json();
  if (res.status !== 202) throw new Error(`video ${i}: ${res.status} ${JSON.stringify(body)}`);
  const jobId = body.result.job.id;
  const t = { submit: accepted - start };
  let generated = null;
  const events = await fetch(`${BASE}/v1/jobs/${jobId}/events`, { headers: { Authorization: AUTH.Authorization } });
  await readEvents(events, (e) => {
    const now = Date.now() - accepted;
    const data = JSON.parse(e.data);
    t.firstEvent ??= now;
    if (e.event === 'preview') t.preview ??= now;
    if (e.event === 'stage' && data.stage === 'generating' && data.state === 'ended') generated = Date.parse(data.at);
    if (e.event === 'playable') {
      t.playable = now;
      if (generated !== null) t.playableAfterGeneration = Date.parse(data.at) - generated;
    }
    if (e.event === 'completed' || e.event === 'failed' || e.event === 'cancelled') {
      t.end = now;
      t.outcome = e.event;
      t.endedAt = Date.parse(data.at);
    }
  });
  const hookArrival = await hook.arrival(jobId, 60_000);
  if (hookArrival && t.endedAt) t.webhookLag = hookArrival.at - t.endedAt;
  return t;
}

async function imageJob(i) {
  const start = Date.now();
  const res = await fetch(`${BASE}/v1/images/generations`, {
    method: 'POST', headers: AUTH,
    body: JSON.stringify({ model: 'local/pattern', prompt: `media time ${i}`, size: '1024x1024', stream: true, partial_images: 2 }),
  });
  if (res.status !== 200) throw new Error(`image ${i}: ${res.status} ${await res.text()}`);
  const t = {};
  await readEvents(res, (e) => {
    const now = Date.now() - start;
    t.firstEvent ??= now;
    if (e.event.endsWith('partial_image')) t.preview ??= now;
    if (e.event.endsWith('completed')) { t.end = now; t.outcome = 'completed'; }
    if (e.event === 'error') { t.end = now; t.outcome = 'failed'; }
  });
  return t;
}

function quantile(values, q) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function report(title, jobs, columns) {
  const failed = jobs.filter((t) => t.outcome !== 'completed').length;
  console.log(`${title}${failed ? `  (${failed} not completed)` : ''}`);
  const cell = (v) => (v === null ? '      -' : `${(v / 1000).toFixed(2).padStart(7)}`);
  console.log(`  ${'seconds after 202 / request'.padEnd(30)}    p50      p99`);
  for (const [name, key] of columns) {
    console.log(`  ${name.padEnd(30)}${cell(quantile(jobs.map((t) => t[key]), 0.5))}s${cell(quantile(jobs.map((t) => t[key]), 0.99))}s`);
  }
}

const counts = (process.argv[2] || '1,4,16').split(',').map(Number);
const hook = await webhookReceiver();
for (const n of counts) {
  const jobs = await Promise.all(Array.from({ length: n }, (_, i) => videoJob(`${n}-${i}`, hook)));
  report(`== ${n} video job(s) at once: local/motion, ${VIDEO_SECONDS} s ${VIDEO_SIZE}`, jobs, [
    ['first event', 'firstEvent'], ['first preview', 'preview'], ['playable', 'playable'], ['completed', 'end'],
    ['playable after generation end', 'playableAfterGeneration'], ['webhook after the job ended', 'webhookLag']]);
}
for (const n of counts) {
  const jobs = await Promise.all(Array.from({ length: n }, (_, i) => imageJob(`${n}-${i}`)));
  report(`== ${n} streamed image job(s) at once: local/pattern 1024x1024, 2 partial images`, jobs, [
    ['first event', 'firstEvent'], ['first partial image', 'preview'], ['completed', 'end']]);
}
hook.close();
