// node read.mjs FILE FORMAT [TRUST_ANCHORS_PEM]
// Prints the C2PA reference library's reading of FILE (its manifest store and validation results, as JSON), trusting
// the CA certificates of TRUST_ANCHORS_PEM when given. A file without Content Credentials prints {"error": ...}.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';

const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
const [file, format, anchors] = process.argv.slice(2);
const context = anchors ? JSON.stringify({ trust: { trust_anchors: readFileSync(anchors, 'utf8') } }) : undefined;
try {
  const reader = await WasmReader.fromBytes(format, new Uint8Array(readFileSync(file)), context);
  process.stdout.write(reader.json());
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e) }));
}
