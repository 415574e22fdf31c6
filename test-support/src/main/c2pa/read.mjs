// node read.mjs FILE FORMAT [TRUST_ANCHORS_PEM]
// node read.mjs --batch LIST_JSON
// Prints the C2PA reference library's reading of FILE (its manifest store and validation results, as JSON), trusting
// the CA certificates of TRUST_ANCHORS_PEM when given. A file without Content Credentials prints {"error": ...}.
// With --batch, LIST_JSON is an array of {file, format, anchors?}: the readings are printed as one JSON array, in order
// (one process for many files).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';

const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });

async function reading(file, format, anchors) {
  const context = anchors ? JSON.stringify({ trust: { trust_anchors: readFileSync(anchors, 'utf8') } }) : undefined;
  try {
    const reader = await WasmReader.fromBytes(format, new Uint8Array(readFileSync(file)), context);
    return JSON.parse(reader.json());
  } catch (e) {
    return { error: String(e) };
  }
}

const args = process.argv.slice(2);
if (args[0] === '--batch') {
  const readings = [];
  for (const entry of JSON.parse(readFileSync(args[1], 'utf8'))) {
    readings.push(await reading(entry.file, entry.format, entry.anchors));
  }
  process.stdout.write(JSON.stringify(readings));
} else {
  const [file, format, anchors] = args;
  process.stdout.write(JSON.stringify(await reading(file, format, anchors)));
}
