// The stock openai-node SDK against a running suite: a batch file uploaded, read, listed page by page, refused when it
// is not JSONL, deleted; then a batch made of a file, followed to its end and its output file read. Prints one JSON
// object of what it saw; BatchesIT asserts on it.
// Usage: node files.mjs <base URL of the API, e.g. http://127.0.0.1:8080/v1> <API key> <a scratch folder>
import fs from 'node:fs';
import path from 'node:path';
import OpenAI, { toFile } from 'openai';

const [baseURL, apiKey, scratch] = process.argv.slice(2);
const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
const lines = (n) => Array.from({ length: n }, (_, i) => JSON.stringify({
  custom_id: `n${i}`, method: 'POST', url: '/v1/images/generations', body: { model: 'local/pattern', prompt: `tile ${i}` },
}) + '\n').join('');

const seen = {};
const input = path.join(scratch, 'node-requests.jsonl');
fs.writeFileSync(input, lines(3));
const file = await client.files.create({
  file: fs.createReadStream(input), purpose: 'batch', expires_after: { anchor: 'created_at', seconds: 3600 },
});
seen.created = file;
seen.retrieved = await client.files.retrieve(file.id);
seen.content = await (await client.files.content(file.id)).text();
seen.expected = lines(3);
const more = [];
for (let i = 0; i < 2; i++) {
  more.push((await client.files.create({ file: await toFile(Buffer.from(lines(1)), `more-${i}.jsonl`), purpose: 'batch' })).id);
}
seen.made = [file.id, ...more];
seen.listed = [];
for await (const f of client.files.list({ limit: 1, order: 'asc' })) {
  seen.listed.push(f.id);
}
try {
  await client.files.create({ file: await toFile(Buffer.from('not json\n'), 'bad.jsonl'), purpose: 'batch' });
  seen.refused = null;
} catch (e) {
  seen.refused = { kind: e.constructor.name, status: e.status, message: e.message, param: e.param ?? e.error?.param };
}
seen.deleted = await client.files.delete(file.id);
try {
  await client.files.retrieve(file.id);
  seen.afterDelete = null;
} catch (e) {
  seen.afterDelete = { kind: e.constructor.name, status: e.status };
}

const forBatch = await client.files.create({ file: await toFile(Buffer.from(lines(2)), 'node-batch.jsonl'), purpose: 'batch' });
let batch = await client.batches.create({ input_file_id: forBatch.id, endpoint: '/v1/images/generations', completion_window: '24h' });
seen.batchCreated = batch;
const until = Date.now() + 120_000;
while (!['completed', 'failed', 'expired', 'cancelled'].includes(batch.status) && Date.now() < until) {
  await new Promise((r) => setTimeout(r, 500));
  batch = await client.batches.retrieve(batch.id);
}
seen.batchEnded = batch;
seen.batchOutput = (await (await client.files.content(batch.output_file_id)).text()).split('\n').filter((l) => l.trim())
  .map((l) => JSON.parse(l));
console.log(JSON.stringify(seen));
